package io.pagetune.yaml;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultEnvelope;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Reads YAML files into {@link YamlValue}s with locations. Refuses oversized files, deep nesting,
 * alias bombs and duplicate keys with a {@code file:line:col} message.
 *
 * <p>Limits count what an attack inflates, not what a big honest file holds: a generated
 * 10,000-host inventory has hundreds of thousands of values and loads; what aliases add on top of
 * the written values is what is capped (an anchored value is converted once and shared).
 */
public final class YamlReader {
  /**
   * A generated inventory of 10,000 hosts with 25 variables each is about 10 MB; four times that is
   * a mistake or an attack.
   */
  public static final long MAX_BYTES = 40L * 1024 * 1024;

  /** Caps the values that alias references add (billion laughs), however few aliases there are. */
  static final long MAX_ALIAS_VALUES = 1_000_000;

  /** Alias references to collections, e.g. one {@code <<: *defaults} per host of a big fleet. */
  static final int MAX_ALIASES = 100_000;

  static final int MAX_DEPTH = 200;

  private final Path baseDir;
  private final ReadFiles reads;
  private final Vault vault;

  /**
   * @param baseDir file names in messages are shown relative to this directory
   */
  public YamlReader(Path baseDir) {
    this(baseDir, ReadFiles.none());
  }

  /**
   * @param reads where the files this reader reads are recorded (a run's, for its saved plan)
   */
  public YamlReader(Path baseDir, ReadFiles reads) {
    this(baseDir, reads, Vault.none());
  }

  /**
   * @param vault decrypts vault-encrypted files and inline {@code !vault} values
   */
  public YamlReader(Path baseDir, ReadFiles reads, Vault vault) {
    this.baseDir = baseDir.toAbsolutePath().normalize();
    this.reads = reads;
    this.vault = vault;
  }

  /** The vault passwords this reader decrypts with; copy and template sources use them too. */
  public Vault vault() {
    return vault;
  }

  /** The record of files read that this reader adds to; the run's other readers add to it too. */
  public ReadFiles reads() {
    return reads;
  }

  /** The label used in messages for this file: relative to the base directory when inside it. */
  public String label(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    return abs.startsWith(baseDir) ? baseDir.relativize(abs).toString() : abs.toString();
  }

  public YamlValue read(Path file) {
    String label = label(file);
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw new InputException(
            SourceLocation.of(label),
            "file is " + size + " bytes; refusing YAML larger than " + MAX_BYTES + " bytes");
      }
      String text = InputFile.read(file, MAX_BYTES, label, "YAML");
      reads.read(file, text.getBytes(StandardCharsets.UTF_8));
      if (VaultEnvelope.isVault(text)) {
        // every value of an encrypted file is a secret, as the file's owner meant
        YamlValue plain = parse(vault.decryptText(text, SourceLocation.of(label)), label);
        vault.reveal(leaves(plain, new ArrayList<>()));
        return plain;
      }
      return parse(text, label);
    } catch (NoSuchFileException e) {
      throw new InputException(SourceLocation.of(label), "file not found");
    } catch (IOException e) {
      throw new InputException(SourceLocation.of(label), "cannot read file: " + e.getMessage());
    }
  }

  /** Parses one YAML document; an empty document is an empty mapping. */
  public YamlValue parse(String text, String label) {
    if (text.length() > MAX_BYTES) {
      throw new InputException(SourceLocation.of(label), "refusing YAML larger than " + MAX_BYTES);
    }
    LoadSettings settings =
        LoadSettings.builder()
            .setLabel(label)
            .setAllowDuplicateKeys(true) // detected below, with the key's location
            .setMaxAliasesForCollections(MAX_ALIASES)
            .setAllowRecursiveKeys(false)
            .setCodePointLimit((int) MAX_BYTES)
            .setBufferSize(bufferSize(text.length()))
            .setSchema(new ImplicitMarkingSchema())
            .build();
    Optional<Node> root;
    try {
      Parser parser =
          new DepthLimitedParser(
              new ParserImpl(settings, new StreamReader(settings, text)), label, MAX_DEPTH);
      root = new Composer(settings, parser).getSingleNode();
    } catch (MarkedYamlEngineException e) {
      Mark mark = e.getProblemMark().or(e::getContextMark).orElse(null);
      String problem = e.getProblem() == null ? e.getMessage() : e.getProblem();
      throw new InputException(at(label, mark), "invalid YAML: " + oneLine(problem));
    } catch (YamlEngineException e) {
      throw new InputException(
          SourceLocation.of(label), "invalid YAML: " + oneLine(e.getMessage()));
    }
    if (root.isEmpty()) {
      return new YamlValue.Mapping(Map.of(), SourceLocation.of(label));
    }
    return new Converter(label, vault).convert(root.get(), 0);
  }

  private static List<String> leaves(YamlValue value, List<String> out) {
    if (value instanceof YamlValue.Scalar s && s.value() instanceof String text) {
      out.add(text);
    } else if (value instanceof YamlValue.Seq q) {
      q.items().forEach(i -> leaves(i, out));
    } else if (value instanceof YamlValue.Mapping m) {
      m.entries().values().forEach(e -> leaves(e.value(), out));
    }
    return out;
  }

  /**
   * The reader's buffer: a sixteenth of the text, so that it is read in at most 17 steps. The
   * scanner keeps a scalar's characters until it has seen all of them, and every step of the reader
   * copies what it keeps: with the library's 1 KB steps a one-line value of 10 MB took minutes
   * (quadratic), with at most 17 steps loading is linear in the text's size.
   */
  static int bufferSize(int textLength) {
    return Math.max(1024, textLength / 16 + 1);
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s+", " ").trim();
  }

  static SourceLocation at(String label, Mark mark) {
    if (mark == null) {
      return SourceLocation.of(label);
    }
    return new SourceLocation(label, mark.getLine() + 1, mark.getColumn() + 1);
  }

  private static final class Converter {
    private final String label;
    private final Vault vault;
    private final Map<Node, Boolean> inProgress = new IdentityHashMap<>();

    /** Anchored nodes already converted, so that each alias shares the value. */
    private final Map<Node, Converted> anchored = new IdentityHashMap<>();

    /** Values produced so far, aliases counted as the values they stand for. */
    private long produced;

    private long aliasValues;

    private record Converted(YamlValue value, long size) {}

    Converter(String label, Vault vault) {
      this.label = label;
      this.vault = vault;
    }

    YamlValue convert(Node node, int depth) {
      SourceLocation loc = at(label, node.getStartMark().orElse(null));
      Converted seen = anchored.get(node);
      if (seen != null) {
        aliasValues += seen.size();
        produced += seen.size();
        if (aliasValues > MAX_ALIAS_VALUES) {
          throw new InputException(
              loc,
              "YAML aliases expand to more than "
                  + MAX_ALIAS_VALUES
                  + " values (alias bomb?); refused");
        }
        return seen.value();
      }
      long before = produced++;
      if (depth > MAX_DEPTH) {
        throw new InputException(loc, "YAML nested deeper than " + MAX_DEPTH + " levels; refused");
      }
      if (inProgress.containsKey(node)) {
        throw new InputException(loc, "recursive YAML alias; refused");
      }
      inProgress.put(node, Boolean.TRUE);
      YamlValue value;
      try {
        value =
            switch (node.getNodeType()) {
              case SCALAR -> scalar((ScalarNode) node, loc);
              case SEQUENCE -> sequence((SequenceNode) node, loc, depth);
              case MAPPING -> mapping((MappingNode) node, loc, depth);
              default -> throw new InputException(loc, "unsupported YAML node");
            };
      } finally {
        inProgress.remove(node);
      }
      if (node.getAnchor().isPresent()) {
        anchored.put(node, new Converted(value, produced - before));
      }
      return value;
    }

    private YamlValue scalar(ScalarNode node, SourceLocation loc) {
      String text = node.getValue();
      Tag tag = node.getTag();
      if (tag.getValue().equals("!vault")) {
        // decrypted now, so that a wrong password stops the run before any host is contacted
        return new YamlValue.Scalar(vault.decryptText(text, loc), true, loc);
      }
      boolean quoted = node.getScalarStyle() != ScalarStyle.PLAIN;
      if (quoted || tag.equals(Tag.STR)) {
        return new YamlValue.Scalar(text, true, loc);
      }
      String tagValue = tag.getValue();
      if (tag.equals(ImplicitMarkingSchema.IMPLICIT) || tagValue.startsWith(Tag.PREFIX)) {
        return new YamlValue.Scalar(ScalarResolver.resolvePlain(text), false, loc);
      }
      if (tagValue.equals("!unsafe")) {
        return new YamlValue.Scalar(text, true, loc);
      }

      throw new InputException(loc, "unsupported YAML tag " + tagValue);
    }

    private YamlValue sequence(SequenceNode node, SourceLocation loc, int depth) {
      List<YamlValue> items = new ArrayList<>();
      for (Node child : node.getValue()) {
        items.add(convert(child, depth + 1));
      }
      return new YamlValue.Seq(items, loc);
    }

    private YamlValue mapping(MappingNode node, SourceLocation loc, int depth) {
      Map<String, YamlValue.Entry> entries = new LinkedHashMap<>();
      List<YamlValue.Mapping> merges = new ArrayList<>();
      for (NodeTuple tuple : node.getValue()) {
        Node keyNode = tuple.getKeyNode();
        SourceLocation keyLoc = at(label, keyNode.getStartMark().orElse(null));
        if (!(keyNode instanceof ScalarNode keyScalar)) {
          throw new InputException(keyLoc, "mapping keys must be plain strings");
        }
        String key = keyScalar.getValue();
        YamlValue value = convert(tuple.getValueNode(), depth + 1);
        if (key.equals("<<") && keyScalar.getScalarStyle() == ScalarStyle.PLAIN) {
          collectMerge(value, merges);
          continue;
        }
        if (entries.containsKey(key)) {
          throw new InputException(
              keyLoc,
              "duplicate key '" + key + "' (first at " + entries.get(key).keyLocation() + ")");
        }
        entries.put(key, new YamlValue.Entry(keyLoc, value));
      }
      for (YamlValue.Mapping merge : merges) {
        merge.entries().forEach(entries::putIfAbsent);
      }
      return new YamlValue.Mapping(entries, loc);
    }

    private void collectMerge(YamlValue value, List<YamlValue.Mapping> merges) {
      if (value instanceof YamlValue.Mapping m) {
        merges.add(m);
      } else if (value instanceof YamlValue.Seq s) {
        for (YamlValue item : s.items()) {
          collectMerge(item, merges);
        }
      } else {
        throw new InputException(value.location(), "merge key '<<' needs a mapping or a list");
      }
    }
  }
}
