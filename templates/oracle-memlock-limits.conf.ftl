# Managed by pagetune for ${inventory_hostname}; do not edit by hand.
# memlock in kB for ${hugepages.oracle_user}: ${hugepages.memlock_reason}
${hugepages.oracle_user} soft memlock ${hugepages.memlock_kb}
${hugepages.oracle_user} hard memlock ${hugepages.memlock_kb}
