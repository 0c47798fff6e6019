package io.pagetune.report.junit;

import java.io.IOException;
import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/** Validates JUnit XML against the schema committed in the test resources. */
public final class JUnitSchema {
  private JUnitSchema() {}

  /** Throws with the line and reason when {@code xml} does not validate. */
  public static void validate(String xml) throws SAXException, IOException {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    var schema = factory.newSchema(JUnitSchema.class.getResource("/junit/junit.xsd"));
    var validator = schema.newValidator();
    validator.validate(new StreamSource(new StringReader(xml)));
  }
}
