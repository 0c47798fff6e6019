package io.pagetune.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.connection.CommandResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Acceptance: os-release files as Debian, RHEL, Oracle Linux and SLES ship them (and AIX, IBM i
 * PASE and Solaris command output) give the values Ansible's setup module reports, through the same
 * parsers and assembly the fact gathering uses.
 */
class DistributionTest {
  private static final Path FIXTURES = Path.of("src/test/resources/facts");

  private static String fixture(String path) throws IOException {
    return Files.readString(FIXTURES.resolve(path));
  }

  /** What {@link FactGatherer} would hand to {@link BaseFacts#assemble} for these outputs. */
  private static Map<String, Object> gathered(String system, String kernel, Object... more)
      throws IOException {
    Map<String, Object> g = new HashMap<>();
    g.put("system", system);
    g.put("kernel", kernel);
    for (int i = 0; i < more.length; i += 2) {
      g.put((String) more[i], more[i + 1]);
    }
    return g;
  }

  private static Map<String, String> osRelease(String fixture) throws IOException {
    return BaseFacts.parseOsRelease(CommandResult.of(0, fixture("os_release/" + fixture), ""));
  }

  private static String text(Fact<String> fact, String fixture) throws IOException {
    return fact.parse(CommandResult.of(0, fixture(fixture), ""));
  }

  private static void assertDistribution(
      Map<String, Object> facts, String name, String version, String major, String family) {
    assertEquals(
        List.of(name, version, major, family),
        List.of(
            facts.get("distribution"),
            facts.get("distribution_version"),
            facts.get("distribution_major_version"),
            facts.get("os_family")),
        "distribution, version, major version, os_family");
  }

  private static Map<String, Object> assemble(Map<String, Object> gathered) {
    return new BaseFacts().assemble(gathered);
  }

  @Test
  void debianTakesThePointReleaseFromDebianVersion() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux",
                "6.1.0-37-amd64",
                "os_release",
                osRelease("debian12.txt"),
                "debian_version",
                text(BaseFacts.DEBIAN_VERSION, "distribution/debian12_debian_version.txt")));
    assertDistribution(f, "Debian", "12.11", "12", "Debian");
    assertEquals("bookworm", f.get("distribution_release"));
  }

  @Test
  void debianTestingFallsBackToOsRelease() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux",
                "6.1.0-37-amd64",
                "os_release",
                osRelease("debian12.txt"),
                "debian_version",
                text(BaseFacts.DEBIAN_VERSION, "distribution/debian_testing_debian_version.txt")));
    assertDistribution(f, "Debian", "12", "12", "Debian");
  }

  @Test
  void rhelIsRedHat() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux", "5.14.0-427.13.1.el9_4.x86_64", "os_release", osRelease("rhel94.txt")));
    assertDistribution(f, "RedHat", "9.4", "9", "RedHat");
    assertEquals("Plow", f.get("distribution_release"));
  }

  @Test
  void oracleLinuxIsOracleLinuxOfTheRedHatFamily() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux", "5.15.0-200.131.27.el8uek.x86_64", "os_release", osRelease("ol89.txt")));
    assertDistribution(f, "OracleLinux", "8.9", "8", "RedHat");
    assertEquals("NA", f.get("distribution_release"));
  }

  @Test
  void slesIsOfTheSuseFamilyWithTheServicePackAsRelease() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux", "5.14.21-150500.55.39-default", "os_release", osRelease("sles15sp5.txt")));
    assertDistribution(f, "SLES", "15.5", "15", "Suse");
    assertEquals("5", f.get("distribution_release"));
  }

  @Test
  void slesForSapIsToldApartByItsBaseProduct() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux",
                "5.14.21-150500.55.39-default",
                "os_release",
                osRelease("sles15sp5.txt"),
                "suse_baseproduct",
                text(BaseFacts.SUSE_BASEPRODUCT, "distribution/sles_sap_baseproduct.txt")));
    assertDistribution(f, "SLES_SAP", "15.5", "15", "Suse");
  }

  @Test
  void ubuntuIsOfTheDebianFamily() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered("Linux", "5.15.0-105-generic", "os_release", osRelease("ubuntu2204.txt")));
    assertDistribution(f, "Ubuntu", "22.04", "22", "Debian");
    assertEquals("jammy", f.get("distribution_release"));
  }

  @Test
  void aixVersionComesFromOslevel() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "AIX",
                "2",
                "kernel_version",
                "7",
                "aix_oslevel",
                text(BaseFacts.AIX_OSLEVEL, "distribution/aix72_oslevel.txt")));
    assertDistribution(f, "AIX", "7.2", "7", "AIX");
    assertEquals("2", f.get("distribution_release"));
  }

  @Test
  void ibmIPaseIsOs400WithUnameVersionAndRelease() throws IOException {
    Map<String, Object> f = assemble(gathered("OS400", "4", "kernel_version", "7"));
    assertDistribution(f, "OS400", "7", "7", "OS400");
    assertEquals("4", f.get("distribution_release"));
  }

  @Test
  void solaris10TakesItsMajorVersionFromTheKernelRelease() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "SunOS",
                "5.10",
                "solaris_release",
                text(BaseFacts.SOLARIS_RELEASE, "distribution/solaris10_etc_release.txt")));
    assertDistribution(f, "Solaris", "10", "10", "Solaris");
    assertEquals("Oracle Solaris 10 1/13 s10x_u11wos_24a X86", f.get("distribution_release"));
  }

  @Test
  void solaris114() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "SunOS",
                "5.11",
                "solaris_release",
                text(BaseFacts.SOLARIS_RELEASE, "distribution/solaris114_etc_release.txt")));
    assertDistribution(f, "Solaris", "11.4", "11", "Solaris");
  }

  @Test
  void aLinuxWithoutOsReleaseIsOtherLinux() throws IOException {
    Map<String, Object> f = assemble(gathered("Linux", "6.1.0"));
    assertDistribution(f, "OtherLinux", "NA", "NA", "OtherLinux");
  }

  @Test
  void osReleaseQuotingIsTakenOff() {
    Map<String, String> os =
        BaseFacts.parseOsRelease(
            CommandResult.of(
                0, "ID='sles'\nNAME=\"A \\\"quoted\\\" name\"\nVERSION_ID=15.5\n# comment\n", ""));
    assertEquals(Map.of("ID", "sles", "NAME", "A \"quoted\" name", "VERSION_ID", "15.5"), os);
  }

  @Test
  void theCommonSetUnderAnsibleNames() throws IOException {
    Map<String, Object> f =
        assemble(
            gathered(
                "Linux",
                "5.14.0-427.13.1.el9_4.x86_64",
                "architecture",
                "x86_64",
                "processor_vcpus",
                "16",
                "os_release",
                osRelease("rhel94.txt"),
                "meminfo",
                BaseFacts.parseMeminfo(
                    CommandResult.of(0, fixture("meminfo/oracle_host_64g.txt"), "")),
                "fqdn",
                NetworkFacts.FQDN.parse(CommandResult.of(0, fixture("fqdn/getent_alias.txt"), "")),
                "default_ipv4",
                NetworkFacts.DEFAULT_IPV4.parse(
                    CommandResult.of(0, fixture("default_ipv4/linux_via_gateway.txt"), ""))));
    assertEquals("5.14.0-427.13.1.el9_4.x86_64", f.get("kernel"));
    assertEquals("x86_64", f.get("architecture"));
    assertEquals(16L, f.get("processor_vcpus"));
    assertEquals("sapdb01.corp.example.com", f.get("fqdn"));
    assertEquals(
        Map.of("address", "10.20.3.41", "interface", "ens192", "gateway", "10.20.0.1"),
        f.get("default_ipv4"));
    assertEquals(
        BaseFacts.parseMeminfo(CommandResult.of(0, fixture("meminfo/oracle_host_64g.txt"), ""))
                .get("MemTotal")
            / 1024,
        f.get("memtotal_mb"));
  }

  @Test
  void noRouteOutMeansAnEmptyDefaultIpv4AndNoResolverEntryTheNodeName() throws IOException {
    assertEquals(
        Map.of(),
        NetworkFacts.DEFAULT_IPV4.parse(
            CommandResult.of(2, fixture("default_ipv4/no_route.txt"), "")));
    assertEquals(
        "sapdb01",
        NetworkFacts.FQDN.parse(CommandResult.of(0, fixture("fqdn/no_resolver_entry.txt"), "")));
  }

  @Test
  void memtotalOnSolarisAndAix() throws IOException {
    assertEquals(
        262144L,
        MemoryTotal.FACT.parse(
            CommandResult.of(0, fixture("memtotal_unix/solaris_prtconf.txt"), "")));
    assertEquals(
        65536L,
        MemoryTotal.FACT.parse(CommandResult.of(0, fixture("memtotal_unix/aix_realmem.txt"), "")));
    Map<String, Object> f = assemble(gathered("SunOS", "5.11", "memtotal_unix", 262144L));
    assertEquals(262144L, f.get("memtotal_mb"));
  }
}
