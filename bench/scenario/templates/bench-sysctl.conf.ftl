# HugePages for an SGA of ${oracle_sga_bytes} bytes
vm.nr_hugepages = ${(oracle_sga_bytes / (int(hugepage_kb) * 1024))?ceiling}
