package io.pagetune.template;

import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.util.ForLoop;
import java.beans.FeatureDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELResolver;

/**
 * What a Jinja expression may reach through {@code .} and {@code []}: entries of maps, items of
 * lists and characters of strings, plus the Python methods of str and dict that Ansible content
 * calls ({@link PythonMethods}). Nothing else: no getter, no Java method, no class ({@code
 * ''.__class__} and {@code x.getClass()} are unknown), as Ansible's sandbox exposes none.
 */
final class JinjaResolver extends ELResolver {
  @Override
  public Object getValue(ELContext context, Object base, Object property) {
    if (base instanceof AnsibleUndefined) {
      // Ansible's undefined answers any attribute with itself: a.b.c is defined is false
      context.setPropertyResolved(true);
      return base;
    }
    if (base instanceof Map<?, ?> m && property != null) {
      Object key = property instanceof Number n ? n : String.valueOf(property);
      if (m.containsKey(key) || (key instanceof Number && m.containsKey(String.valueOf(key)))) {
        context.setPropertyResolved(true);
        return m.containsKey(key) ? m.get(key) : m.get(String.valueOf(key));
      }
      context.setPropertyResolved(true);
      return AnsibleUndefined.attribute(m, property);
    }
    if (base instanceof ForLoop loop && property != null) {
      Object v = loopVariable(loop, String.valueOf(property));
      if (v != null) {
        context.setPropertyResolved(true);
        return v;
      }
    }
    Integer index = index(property);
    if (base instanceof List<?> l && index != null) {
      int at = index < 0 ? l.size() + index : index;
      if (at >= 0 && at < l.size()) {
        context.setPropertyResolved(true);
        return l.get(at);
      }
      context.setPropertyResolved(true);
      return AnsibleUndefined.attribute(l, index);
    }
    if (base instanceof CharSequence s && index != null) {
      // Python's s[i]: one character, counted from the end when negative
      int at = index < 0 ? s.length() + index : index;
      if (at >= 0 && at < s.length()) {
        context.setPropertyResolved(true);
        return String.valueOf(s.charAt(at));
      }
      context.setPropertyResolved(true);
      return AnsibleUndefined.attribute(s, index);
    }
    if (base != null && property != null) {
      // a string, number or any other value has no attributes: Ansible's "has no attribute"
      context.setPropertyResolved(true);
      return AnsibleUndefined.attribute(base, property);
    }
    return null;
  }

  /** Jinja2's loop variables ({@code loop.index}, {@code loop.last}, …), else null. */
  private static Object loopVariable(ForLoop loop, String name) {
    return switch (name) {
      case "index" -> (long) loop.getIndex();
      case "index0" -> (long) loop.getIndex0();
      case "revindex" -> (long) loop.getRevindex();
      case "revindex0" -> (long) loop.getRevindex0();
      case "first" -> loop.isFirst();
      case "last" -> loop.isLast();
      case "length" -> (long) loop.getLength();
      case "depth" -> (long) loop.getDepth();
      case "depth0" -> (long) loop.getDepth0();
      default -> null;
    };
  }

  /** The item number that {@code x[i]} names (Jinjava hands it over as text), else null. */
  private static Integer index(Object property) {
    if (property instanceof Number n) {
      return n.intValue();
    }
    if (property instanceof String s && s.matches("-?\\d{1,9}")) {
      return Integer.valueOf(s);
    }
    return null;
  }

  @Override
  public Object invoke(
      ELContext context, Object base, Object method, Class<?>[] types, Object[] params) {
    if (method == null || base == null) {
      return null;
    }
    if (base instanceof AnsibleUndefined u) {
      throw u.error();
    }
    if (base instanceof Filter || base instanceof ExpTest) {
      // Jinjava calls its own filters and tests through here: the library, not user objects
      return JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_ONLY.invoke(
          context, base, method, types, params);
    }
    if (base instanceof ForLoop loop && "cycle".equals(method) && params != null) {
      context.setPropertyResolved(true);
      return loop.cycle(params);
    }
    List<Object> args = params == null ? List.of() : new ArrayList<>(Arrays.asList(params));
    Object result = PythonMethods.call(base, String.valueOf(method), args);
    if (result != PythonMethods.NONE) {
      context.setPropertyResolved(true);
      return result;
    }
    return null;
  }

  @Override
  public Class<?> getType(ELContext context, Object base, Object property) {
    return null;
  }

  @Override
  public void setValue(ELContext context, Object base, Object property, Object value) {
    // templates never change a value they read
  }

  @Override
  public boolean isReadOnly(ELContext context, Object base, Object property) {
    return true;
  }

  @Override
  public Iterator<FeatureDescriptor> getFeatureDescriptors(ELContext context, Object base) {
    return null;
  }

  @Override
  public Class<?> getCommonPropertyType(ELContext context, Object base) {
    return base instanceof Map ? Object.class : null;
  }
}
