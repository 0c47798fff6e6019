-- Every kind of change a file-managing module makes is journaled, not only content: a removed
-- tree (its archive is the backup), a mode, owner or group set, a link made or changed, a
-- directory created. NULL kind = content (rows journaled before this migration).
ALTER TABLE journal_changes ADD COLUMN change_kind TEXT;
-- The path's state before and after for kinds without content: a mode (0644), owner:group, a
-- group, a link target, "directory"; NULL = the path did not exist (before) or was removed (after).
ALTER TABLE journal_changes ADD COLUMN before_value TEXT;
ALTER TABLE journal_changes ADD COLUMN after_value TEXT;
