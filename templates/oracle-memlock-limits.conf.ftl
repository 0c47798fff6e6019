# Managed by pagetune for ${inventory_hostname}; do not edit by hand.
# memlock in kB for the owners of huge-page consumers: ${hugepages.memlock_reason}
<#list hugepages.memlock_users as user>
${user} soft memlock ${hugepages.memlock_kb}
${user} hard memlock ${hugepages.memlock_kb}
</#list>
