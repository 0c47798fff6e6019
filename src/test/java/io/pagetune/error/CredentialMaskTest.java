package io.pagetune.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CredentialMaskTest {
  @Test
  void passwordInUserInfoIsMasked() {
    assertEquals(
        "cannot reach https://pagetune:***@acme.service-now.com: ConnectException",
        CredentialMask.mask(
            "cannot reach https://pagetune:s3cret@acme.service-now.com: ConnectException"));
    assertEquals(
        "jdbc:postgresql://node:***@db.example:5432/pagetune",
        CredentialMask.mask("jdbc:postgresql://node:p@ss@db.example:5432/pagetune"));
  }

  @Test
  void passwordParametersAreMasked() {
    assertEquals(
        "jdbc:postgresql://db:5432/x?user=node&password=***&ssl=true",
        CredentialMask.mask("jdbc:postgresql://db:5432/x?user=node&password=s3cret&ssl=true"));
    assertEquals(
        "jdbc:sqlserver://db;user=a;Password=***;encrypt=true",
        CredentialMask.mask("jdbc:sqlserver://db;user=a;Password=hunter2;encrypt=true"));
    assertEquals("https://x/api?token=***", CredentialMask.mask("https://x/api?token=abc123"));
  }

  @Test
  void textWithoutCredentialsIsUnchanged() {
    for (String s :
        new String[] {
          "jdbc:postgresql://db.example:5432/pagetune",
          "https://acme.service-now.com/api/now/table/change_request?sysparm_limit=1",
          "mail root@example.com about http://host:8080/x",
          "p.yml:3:5: password= is empty",
          ""
        }) {
      assertEquals(s, CredentialMask.mask(s));
    }
  }
}
