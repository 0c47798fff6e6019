package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UserGroupsTest {
  @Test
  void usersGroupsFromId() {
    UserGroups g =
        UserGroups.parse(
            "oracle\t54321\t54321 54322 54323\toinstall dba oper\ngrid\t54321\t54321 54329\toinstall asmadmin\nnobody\t\t\t\n");
    assertEquals(
        Optional.of("54321"), g.commonGid(List.of("oracle", "grid"), Optional.of("54322")));
    assertEquals(List.of("grid"), g.notMembers(List.of("oracle", "grid"), "54322"));
    assertEquals(Optional.empty(), g.commonGid(List.of("oracle", "nobody"), Optional.empty()));
  }
}
