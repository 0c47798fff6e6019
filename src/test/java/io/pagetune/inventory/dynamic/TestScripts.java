package io.pagetune.inventory.dynamic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Inventory scripts written for a test: executable files in its temporary directory. */
public final class TestScripts {
  private TestScripts() {}

  /** Writes {@code text} to {@code dir/name}, mode 0755. */
  public static Path write(Path dir, String name, String text) throws IOException {
    Path file = Files.writeString(dir.resolve(name), text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  /**
   * A Python script answering {@code --list} with {@code listJson} and {@code --host NAME} with
   * {@code hostJson[NAME]} (or {@code {}}), logging each call to {@code calls.log} beside it.
   */
  public static Path python(Path dir, String name, String listJson, String hostJson)
      throws IOException {
    return write(
        dir,
        name,
        "#!/usr/bin/env python3\n"
            + "import json, os, sys\n"
            + "with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'calls.log'),"
            + " 'a') as log:\n"
            + "    log.write(' '.join(sys.argv[1:]) + '\\n')\n"
            + "LIST = json.loads(r'''"
            + listJson
            + "''')\n"
            + "HOSTS = json.loads(r'''"
            + hostJson
            + "''')\n"
            + "if sys.argv[1:] == ['--list']:\n"
            + "    print(json.dumps(LIST))\n"
            + "elif len(sys.argv) == 3 and sys.argv[1] == '--host':\n"
            + "    print(json.dumps(HOSTS.get(sys.argv[2], {})))\n"
            + "else:\n"
            + "    sys.exit('usage: --list | --host NAME')\n");
  }

  /** With {@code _meta}: nested children, vars of all, an ungrouped host, every JSON type. */
  public static final String WITH_META =
      """
      {
        "all": {"vars": {"ntp": "10.0.0.1", "dns": ["a", "b"]}, "children": ["prod", "ungrouped"]},
        "prod": {"children": ["db", "web"], "vars": {"env": "production", "tier": 1}},
        "db": {"hosts": ["db01.example.com", "db02.example.com"],
               "vars": {"hugepages": 4096, "thp": false}},
        "web": ["web01", "web02"],
        "ungrouped": {"hosts": ["bastion"]},
        "_meta": {"hostvars": {
          "db01.example.com": {"ansible_host": "10.1.0.1", "ansible_port": 2222, "tier": 2,
                               "motd": "${7 * 6}"},
          "db02.example.com": {"ansible_host": "10.1.0.2", "extra": {"a": [1, null, 2.5]}},
          "web01": {"env": "canary"}
        }}
      }
      """;

  /** Without {@code _meta}: each host's variables come from {@code --host}. */
  public static final String WITHOUT_META =
      """
      {
        "all": {"vars": {"site": "fra"}},
        "sap": {"children": ["sap_prd"], "vars": {"sap_sid": "PRD"}},
        "sap_prd": {"hosts": ["pase1", "pase2"]},
        "standalone": {"hosts": ["lonely"], "vars": {"lone": true}}
      }
      """;

  public static final String WITHOUT_META_HOSTS =
      """
      {"pase1": {"sap_instance": "00", "ansible_user": "prdadm"},
       "pase2": {"sap_instance": "01"}}
      """;
}
