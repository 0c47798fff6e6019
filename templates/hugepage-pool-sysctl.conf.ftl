# Managed by pagetune for ${inventory_hostname}; do not edit by hand.
# The host's one huge-page pool (${pool.page_size} pages), a share per consumer:
<#list pool.consumers as line>
#   ${line}
</#list>
vm.nr_hugepages = ${pool.nr_hugepages}
