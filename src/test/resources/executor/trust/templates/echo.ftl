${out.stdout}
--
${ansible_nodename}
