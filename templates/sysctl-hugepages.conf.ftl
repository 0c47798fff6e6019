# Managed by pagetune for ${inventory_hostname}; do not edit by hand.
# HugePages pool for Oracle SGA(s) totalling ${sga_total_bytes} bytes,
# Hugepagesize ${hugepage_bytes} bytes.
vm.nr_hugepages = ${(int(sga_total_bytes) / int(hugepage_bytes))?ceiling}
