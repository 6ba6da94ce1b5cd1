package io.brokerwise.client.jms;

import java.util.Hashtable;
import java.util.Map;
import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.OperationNotSupportedException;

/** The names {@code jndi.properties} declared, for lookup only: an application configures, it does not bind. */
final class ReadOnlyContext implements Context {

    private final Map<String, Object> bindings;
    private final Hashtable<Object, Object> environment;

    ReadOnlyContext(Map<String, Object> bindings, Hashtable<?, ?> environment) {
        this.bindings = Map.copyOf(bindings);
        this.environment = new Hashtable<>(environment);
    }

    @Override
    public Object lookup(String name) throws NamingException {
        Object bound = bindings.get(name);
        if (bound == null) {
            throw new NameNotFoundException(name + " is not bound; jndi.properties declares " + bindings.keySet());
        }
        return bound;
    }

    @Override
    public Object lookup(Name name) throws NamingException {
        return lookup(name.toString());
    }

    @Override
    public Object lookupLink(String name) throws NamingException {
        return lookup(name);
    }

    @Override
    public Object lookupLink(Name name) throws NamingException {
        return lookup(name);
    }

    @Override
    public NameParser getNameParser(String name) {
        return CompositeName::new;
    }

    @Override
    public NameParser getNameParser(Name name) {
        return CompositeName::new;
    }

    @Override
    public Name composeName(Name name, Name prefix) throws NamingException {
        return ((Name) prefix.clone()).addAll(name);
    }

    @Override
    public String composeName(String name, String prefix) {
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    @Override
    public Hashtable<?, ?> getEnvironment() {
        return new Hashtable<>(environment);
    }

    @Override
    public String getNameInNamespace() {
        return "";
    }

    @Override
    public void close() {
        // The factories outlive the context: connections made from them stay usable.
    }

    private static NamingException readOnly() {
        return new OperationNotSupportedException("the Brokerwise context is read-only: declare names in "
                + "jndi.properties");
    }

    @Override
    public NamingEnumeration<NameClassPair> list(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public NamingEnumeration<NameClassPair> list(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public NamingEnumeration<Binding> listBindings(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public NamingEnumeration<Binding> listBindings(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void bind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void bind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(Name oldName, Name newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(String oldName, String newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Object addToEnvironment(String propName, Object propVal) throws NamingException {
        throw readOnly();
    }

    @Override
    public Object removeFromEnvironment(String propName) throws NamingException {
        throw readOnly();
    }
}
