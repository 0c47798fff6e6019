${inventory_hostname}: ${motd_text} (${motd_owner})
