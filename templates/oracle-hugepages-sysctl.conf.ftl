# Managed by pagetune for ${inventory_hostname}; do not edit by hand.
# HugePages pool for the Oracle SGA, sized from ${hugepages.source}:
<#list hugepages.breakdown as line>
#   ${line}
</#list>
vm.nr_hugepages = ${hugepages.nr_hugepages}
vm.hugetlb_shm_group = ${hugepages.hugetlb_shm_group}
