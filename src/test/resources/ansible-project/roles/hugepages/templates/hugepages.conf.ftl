vm.nr_hugepages = ${hugepages_count}
