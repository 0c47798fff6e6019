# memlock for ${oracle_user}
${oracle_user} soft memlock ${memlock_kb}
${oracle_user} hard memlock ${memlock_kb}
