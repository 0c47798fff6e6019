package io.pagetune.targets.sap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Calls sapstartsrv web methods ({@code urn:SAPControl}) with SOAP 1.1 over HTTP(S) and Basic
 * authentication. Responses are read with a DOM parser that refuses DTDs and external entities.
 */
final class SapControlSoapClient {
  static final String SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
  static final String SAPCONTROL_NS = "urn:SAPControl";

  /** Parse errors become a "not well-formed" failure; nothing is printed to stderr. */
  private static final ErrorHandler SILENT =
      new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {}

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      };

  private final URI endpoint;
  private final SoapCredentials credentials;
  private final Duration requestTimeout;
  private final HttpClient http;

  public SapControlSoapClient(
      URI endpoint, SoapCredentials credentials, Duration connectTimeout, Duration requestTimeout) {
    this.endpoint = endpoint;
    this.credentials = credentials;
    this.requestTimeout = requestTimeout;
    this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
  }

  /** The SOAP 1.1 request for a method; child elements are unqualified as sapstartsrv expects. */
  static String envelope(String method, Map<String, String> fields) {
    StringBuilder sb = new StringBuilder();
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"")
        .append(SOAP_NS)
        .append("\" xmlns:urn=\"")
        .append(SAPCONTROL_NS)
        .append("\">\n<SOAP-ENV:Body>\n<urn:")
        .append(method)
        .append('>');
    fields.forEach(
        (k, v) ->
            sb.append('<')
                .append(k)
                .append('>')
                .append(escape(v))
                .append("</")
                .append(k)
                .append('>'));
    sb.append("</urn:").append(method).append(">\n</SOAP-ENV:Body>\n</SOAP-ENV:Envelope>\n");
    return sb.toString();
  }

  /** Calls a method and returns its response element ({@code <SAPControl:XResponse>}). */
  public Element call(String method, Map<String, String> fields) {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(requestTimeout)
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", "\"\"")
            .header("Authorization", credentials.basicAuthorization())
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    envelope(method, fields), StandardCharsets.UTF_8))
            .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      throw new SapControlSoapException(
          method + ": sapstartsrv did not answer within " + requestTimeout.toMillis() + " ms",
          false);
    } catch (IOException e) {
      throw new SapControlSoapException(
          method + ": cannot reach " + endpoint + " (" + e.getClass().getSimpleName() + ")", true);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while calling sapstartsrv");
    }
    int status = response.statusCode();
    if (status == 401 || status == 403) {
      throw new SapControlSoapException(
          method + ": sapstartsrv refused user '" + credentials.user() + "' (HTTP " + status + ")",
          false);
    }
    Document doc = parseOrNull(response.body());
    if (doc != null) {
      Element fault = first(doc.getDocumentElement(), SOAP_NS, "Fault");
      if (fault != null) {
        throw new SapControlSoapException(
            method + ": SOAP fault: " + childText(fault, "faultstring"), false);
      }
    }
    if (status != 200) {
      throw new SapControlSoapException(
          method + ": sapstartsrv answered HTTP " + status, status >= 500);
    }
    if (doc == null) {
      throw new SapControlSoapException(method + ": the answer is not well-formed XML", false);
    }
    Element body = first(doc.getDocumentElement(), SOAP_NS, "Body");
    Element answer = body == null ? null : first(body, SAPCONTROL_NS, method + "Response");
    if (answer == null) {
      throw new SapControlSoapException(
          method + ": the answer has no " + method + "Response", false);
    }
    return answer;
  }

  /** The {@code item}s of a list-valued response field as name→text maps. */
  static List<Map<String, String>> items(Element response, String listName) {
    List<Map<String, String>> out = new ArrayList<>();
    Element list = child(response, listName);
    if (list == null) {
      return out;
    }
    for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element item && "item".equals(local(item))) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Node f = item.getFirstChild(); f != null; f = f.getNextSibling()) {
          if (f instanceof Element e) {
            fields.put(local(e), e.getTextContent().strip());
          }
        }
        out.add(fields);
      }
    }
    return out;
  }

  private static Document parseOrNull(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try {
      DocumentBuilder builder = secureFactory().newDocumentBuilder();
      builder.setErrorHandler(SILENT);
      return builder.parse(new ByteArrayInputStream(body));
    } catch (SAXException | IOException e) {
      return null;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("XML parser lacks a required security feature", e);
    }
  }

  static DocumentBuilderFactory secureFactory() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    return f;
  }

  private static Element first(Element root, String ns, String localName) {
    NodeList nodes = root.getElementsByTagNameNS(ns, localName);
    return nodes.getLength() == 0 ? null : (Element) nodes.item(0);
  }

  private static Element child(Element parent, String localName) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && localName.equals(local(e))) {
        return e;
      }
    }
    return null;
  }

  private static String childText(Element parent, String localName) {
    Element e = child(parent, localName);
    return e == null ? "(no faultstring)" : e.getTextContent().strip();
  }

  private static String local(Element e) {
    return e.getLocalName() != null ? e.getLocalName() : e.getNodeName();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
