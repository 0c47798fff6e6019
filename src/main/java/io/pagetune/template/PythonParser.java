package io.pagetune.template;

import static io.pagetune.template.PythonOperators.ADD;
import static io.pagetune.template.PythonOperators.AND;
import static io.pagetune.template.PythonOperators.CONCAT;
import static io.pagetune.template.PythonOperators.DIV;
import static io.pagetune.template.PythonOperators.EQ;
import static io.pagetune.template.PythonOperators.FLOOR_DIV;
import static io.pagetune.template.PythonOperators.GE;
import static io.pagetune.template.PythonOperators.GT;
import static io.pagetune.template.PythonOperators.IN;
import static io.pagetune.template.PythonOperators.LE;
import static io.pagetune.template.PythonOperators.LT;
import static io.pagetune.template.PythonOperators.MOD;
import static io.pagetune.template.PythonOperators.MUL;
import static io.pagetune.template.PythonOperators.NE;
import static io.pagetune.template.PythonOperators.NOT_IN;
import static io.pagetune.template.PythonOperators.POWER;
import static io.pagetune.template.PythonOperators.SUB;

import com.hubspot.jinjava.el.ext.AstDict;
import com.hubspot.jinjava.el.ext.AstTuple;
import com.hubspot.jinjava.el.ext.CollectionMembershipOperator;
import com.hubspot.jinjava.el.ext.CollectionNonMembershipOperator;
import com.hubspot.jinjava.el.ext.ExtendedParser;
import com.hubspot.jinjava.el.ext.PowerOfOperator;
import com.hubspot.jinjava.el.ext.StringConcatOperator;
import com.hubspot.jinjava.el.ext.TruncDivOperator;
import io.pagetune.template.PythonOperators.Both;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.impl.Builder;
import jinjava.de.odysseus.el.tree.impl.Parser;
import jinjava.de.odysseus.el.tree.impl.Scanner;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.de.odysseus.el.tree.impl.ast.AstUnary;

/** Jinjava's parser with Python's operators ({@link PythonOperators}) and Jinja2's grammar. */
final class PythonParser extends ExtendedParser {
  PythonParser(Builder builder, String input) {
    super(builder, input);
    putExtensionHandler(CollectionMembershipOperator.TOKEN, handler(Parser.ExtensionPoint.CMP, IN));
    putExtensionHandler(
        CollectionNonMembershipOperator.TOKEN, handler(Parser.ExtensionPoint.CMP, NOT_IN));
    putExtensionHandler(StringConcatOperator.TOKEN, handler(Parser.ExtensionPoint.ADD, CONCAT));
    putExtensionHandler(TruncDivOperator.TOKEN, handler(Parser.ExtensionPoint.MUL, FLOOR_DIV));
    putExtensionHandler(PowerOfOperator.TOKEN, handler(Parser.ExtensionPoint.MUL, POWER));
  }

  private static Parser.ExtensionHandler handler(
      Parser.ExtensionPoint point, AstBinary.Operator op) {
    return new Parser.ExtensionHandler(point) {
      @Override
      public AstNode createAstNode(AstNode... children) {
        return new AstBinary(children[0], children[1], op);
      }
    };
  }

  @Override
  protected Scanner createScanner(String expression) {
    return new PythonScanner(expression);
  }

  /**
   * Jinja2's {@code not} holds a whole comparison with its filters and tests: {@code not xs |
   * length} is {@code not (xs | length)} and {@code not n in xs} is {@code not (n in xs)}, where
   * the expression language negated the first operand alone.
   */
  @Override
  protected AstNode unary(boolean required) throws Scanner.ScanException, ParseException {
    if (getToken().getSymbol() == Scanner.Symbol.NOT) {
      consumeToken();
      return createAstUnary(eq(true), AstUnary.NOT);
    }
    return super.unary(required);
  }

  /** Jinja2 applies tests after filters: {@code x | default(1) is number}. */
  @Override
  protected AstNode filter(boolean required) throws Scanner.ScanException, ParseException {
    AstNode v = super.filter(required);
    while (v != null && "is".equals(getToken().getImage()) && testFollows()) {
      consumeToken();
      boolean negated = "not".equals(getToken().getImage());
      if (negated) {
        consumeToken();
      }
      List<AstNode> params = new ArrayList<>(List.of(v, interpreter()));
      String test = consumeToken().getImage();
      AstNode arg = value();
      if (arg != null) {
        params.add(arg);
      }
      v =
          createAstMethod(
              createAstDot(
                  identifier(ExtendedParser.EXPTEST_PREFIX + test),
                  negated ? "evaluateNegated" : "evaluate",
                  true),
              new AstParameters(params));
    }
    return v;
  }

  private boolean testFollows() throws Scanner.ScanException, ParseException {
    Scanner.Token next = lookahead(0);
    Scanner.Token name = "not".equals(next.getImage()) ? lookahead(1) : next;
    return name.getSymbol() == Scanner.Symbol.IDENTIFIER
        || name.getSymbol() == Scanner.Symbol.TRUE
        || name.getSymbol() == Scanner.Symbol.FALSE;
  }

  /** Adjacent string literals are one string in Jinja2, as in Python: {@code 'it' 's'}. */
  @Override
  protected AstNode literal() throws Scanner.ScanException, ParseException {
    if (getToken().getSymbol() != Scanner.Symbol.STRING
        || lookahead(0).getSymbol() != Scanner.Symbol.STRING) {
      return super.literal();
    }
    StringBuilder joined = new StringBuilder();
    while (getToken().getSymbol() == Scanner.Symbol.STRING) {
      joined.append(consumeToken().getImage());
    }
    return new jinjava.de.odysseus.el.tree.impl.ast.AstString(joined.toString());
  }

  @Override
  protected AstDict createAstDict(Map<AstNode, AstNode> dict) {
    return new PythonDictNode(dict);
  }

  @Override
  protected AstTuple createAstTuple(AstParameters parameters) {
    return new PythonTupleNode(parameters);
  }

  @Override
  protected AstNode and(boolean required) throws Scanner.ScanException, ParseException {
    return level(required, this::eq, Map.of(Scanner.Symbol.AND, AND), null);
  }

  @Override
  protected AstNode add(boolean required) throws Scanner.ScanException, ParseException {
    return level(
        required,
        this::mul,
        Map.of(Scanner.Symbol.PLUS, ADD, Scanner.Symbol.MINUS, SUB),
        Parser.ExtensionPoint.ADD);
  }

  /** Jinjava's multiplicative level with natural precedence (filters bind tighter). */
  @Override
  protected AstNode mul(boolean required) throws Scanner.ScanException, ParseException {
    return level(
        required,
        this::filter,
        Map.of(Scanner.Symbol.MUL, MUL, Scanner.Symbol.DIV, DIV, Scanner.Symbol.MOD, MOD),
        Parser.ExtensionPoint.MUL);
  }

  /** One precedence level: operands of {@code next} joined, left to right, by its operators. */
  private AstNode level(
      boolean required,
      Operand next,
      Map<Scanner.Symbol, AstBinary.Operator> operators,
      Parser.ExtensionPoint extensions)
      throws Scanner.ScanException, ParseException {
    AstNode v = next.parse(required);
    if (v == null) {
      return null;
    }
    while (true) {
      Scanner.Symbol s = getToken().getSymbol();
      AstBinary.Operator op = operators.get(s);
      if (op != null) {
        consumeToken();
        v = createAstBinary(v, next.parse(true), op);
      } else if (s == Scanner.Symbol.EXTENSION
          && extensions != null
          && getExtensionHandler(getToken()).getExtensionPoint() == extensions) {
        v = getExtensionHandler(consumeToken()).createAstNode(v, next.parse(true));
      } else {
        return v;
      }
    }
  }

  /** The next precedence level's parser. */
  private interface Operand {
    AstNode parse(boolean required) throws Scanner.ScanException, ParseException;
  }

  /**
   * Python's comparisons, one precedence level: {@code == != < <= > >= in not in}; two or more in a
   * row chain ({@code 1 < n < 9} is {@code 1 < n and n < 9}, n read once).
   */
  @Override
  protected AstNode cmp(boolean required) throws Scanner.ScanException, ParseException {
    AstNode first = add(required);
    if (first == null) {
      return null;
    }
    List<AstNode> operands = new ArrayList<>(List.of(first));
    List<PythonComparisonChain.Link> links = new ArrayList<>();
    PythonComparisonChain.Link link = comparison();
    while (link != null) {
      links.add(link);
      operands.add(add(true));
      link = comparison();
    }
    if (links.isEmpty()) {
      return first;
    }
    if (links.size() == 1) {
      Both op = (Both) links.get(0).holds();
      return createAstBinary(operands.get(0), operands.get(1), op);
    }
    return new PythonComparisonChain(operands, links);
  }

  /** The comparison operator at the current token, consumed; null when there is none. */
  private PythonComparisonChain.Link comparison() throws Scanner.ScanException, ParseException {
    Scanner.Token t = getToken();
    Both op =
        switch (t.getSymbol()) {
          case LT -> LT;
          case LE -> LE;
          case GT -> GT;
          case GE -> GE;
          case EQ -> EQ;
          case NE -> NE;
          default -> null;
        };
    String symbol = t.getImage();
    if (op == null && t.getSymbol() == Scanner.Symbol.EXTENSION) {
      op =
          t.getImage().equals(CollectionMembershipOperator.TOKEN.getImage())
              ? IN
              : t.getImage().equals(CollectionNonMembershipOperator.TOKEN.getImage())
                  ? NOT_IN
                  : null;
    }
    if (op == null && "not".equals(t.getImage()) && "in".equals(lookahead(0).getImage())) {
      consumeToken();
      symbol = "not in";
      op = NOT_IN;
    }
    if (op != null) {
      consumeToken();
      return new PythonComparisonChain.Link(symbol, op);
    }
    return null;
  }

  @Override
  protected AstNode eq(boolean required) throws Scanner.ScanException, ParseException {
    // Python has one comparison level: == and != chain with < and in
    return cmp(required);
  }

  /** The syntax builder that makes {@link PythonParser}s. */
  public static final class PythonSyntaxBuilder
      extends com.hubspot.jinjava.el.ExtendedSyntaxBuilder {
    private static final long serialVersionUID = 1L;

    public PythonSyntaxBuilder(Builder.Feature... features) {
      // the expression factory makes its builder with the features it was given
      super(features);
    }

    @Override
    protected Parser createParser(String expression) {
      return new PythonParser(this, expression);
    }
  }
}
