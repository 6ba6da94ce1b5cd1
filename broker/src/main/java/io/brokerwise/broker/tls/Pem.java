package io.brokerwise.broker.tls;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemGenerationException;

/**
 * PEM text of certificates and private keys, as Kubernetes TLS Secrets hold them ({@code tls.crt}, {@code tls.key},
 * {@code ca.crt}). Keys are read in every form cert-manager and openssl write (PKCS#8, PKCS#1 RSA, SEC1 EC).
 */
public final class Pem {

    private Pem() {
    }

    public static String of(X509Certificate certificate) {
        return write(certificate);
    }

    /** A private key as unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}), the form every TLS library reads. */
    public static String of(PrivateKey key) {
        try {
            return write(new JcaPKCS8Generator(key, null));
        } catch (PemGenerationException e) {
            throw new IllegalArgumentException("cannot encode the key: " + e.getMessage(), e);
        }
    }

    private static String write(Object pemObject) {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(pemObject);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** The first certificate of PEM text (a chain's first is the holder's own). */
    public static X509Certificate certificate(String pem) {
        Object first = first(pem, "certificate");
        if (!(first instanceof X509CertificateHolder holder)) {
            throw new IllegalArgumentException("expected a PEM certificate, found " + first.getClass().getSimpleName());
        }
        try {
            return new JcaX509CertificateConverter().getCertificate(holder);
        } catch (CertificateException e) {
            throw new IllegalArgumentException("unreadable certificate: " + e.getMessage(), e);
        }
    }

    /** The private key of PEM text. */
    public static PrivateKey privateKey(String pem) {
        Object first = first(pem, "private key");
        try {
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (first instanceof PEMKeyPair pair) {
                return converter.getPrivateKey(pair.getPrivateKeyInfo());
            }
            if (first instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable private key: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("expected an unencrypted PEM private key, found "
                + first.getClass().getSimpleName());
    }

    private static Object first(String pem, String what) {
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            Object first = parser.readObject();
            if (first == null) {
                throw new IllegalArgumentException("no PEM " + what + " found");
            }
            return first;
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable PEM " + what + ": " + e.getMessage(), e);
        }
    }
}
