package io.brokerwise.broker.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority of one set of brokers: its self-signed certificate and key, and the server certificates
 * it issues to the brokers. Keys are ECDSA P-256 (fast to make, every JDK's TLS speaks it). The CA lives ten
 * years and a broker's certificate five: the operator issues them once and keeps them, and renewing before that is
 * a rotation the platform team starts (docs/operations.md).
 */
public record CertificateAuthority(X509Certificate certificate, PrivateKey key) {

    static final Duration CA_VALIDITY = Duration.ofDays(3650);
    static final Duration SERVER_VALIDITY = Duration.ofDays(1825);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A server certificate and its key, PEM. */
    public record Issued(String certificatePem, String keyPem) {
    }

    /** A new CA named {@code commonName}. */
    public static CertificateAuthority generate(String commonName) {
        KeyPair pair = keyPair();
        X500Name name = commonName(commonName);
        try {
            var builder = builder(name, name, pair, CA_VALIDITY)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            new JcaX509ExtensionUtils().createSubjectKeyIdentifier(pair.getPublic()));
            return new CertificateAuthority(sign(builder, pair.getPrivate()), pair.getPrivate());
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a CA certificate", e);
        }
    }

    /** The CA of PEM text, as its Secret holds it. */
    public static CertificateAuthority of(String certificatePem, String keyPem) {
        return new CertificateAuthority(Pem.certificate(certificatePem), Pem.privateKey(keyPem));
    }

    /**
     * A TLS server certificate for {@code dnsNames}, signed by this CA. Clients check the names, not the common name,
     * which is the first name's first label (a pod's name).
     */
    public Issued issue(List<String> dnsNames) {
        if (dnsNames.isEmpty()) {
            throw new IllegalArgumentException("a server certificate needs at least one DNS name");
        }
        KeyPair pair = keyPair();
        GeneralName[] names = dnsNames.stream().map(n -> new GeneralName(GeneralName.dNSName, n))
                .toArray(GeneralName[]::new);
        try {
            var builder = builder(X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded()),
                    commonName(dnsNames.get(0).split("\\.", 2)[0]), pair, SERVER_VALIDITY)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names))
                    .addExtension(Extension.authorityKeyIdentifier, false,
                            new JcaX509ExtensionUtils().createAuthorityKeyIdentifier(certificate));
            return new Issued(Pem.of(sign(builder, key)), Pem.of(pair.getPrivate()));
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot issue a certificate for " + dnsNames, e);
        }
    }

    /** RFC 5280 bounds a common name to 64 characters (ub-common-name); a pod's DNS name is often longer. */
    static X500Name commonName(String name) {
        return new X500NameBuilder().addRDN(BCStyle.CN, name.length() <= 64 ? name : name.substring(0, 64)).build();
    }

    public String certificatePem() {
        return Pem.of(certificate);
    }

    public String keyPem() {
        return Pem.of(key);
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair pair,
                                                    Duration validity) {
        // a minute back: a node whose clock is a little behind the operator's still accepts it at once
        Instant from = Instant.now().minus(Duration.ofMinutes(1));
        return new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM), Date.from(from),
                Date.from(from.plus(validity)), subject, pair.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey signer)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static KeyPair keyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK makes P-256 keys", e);
        }
    }
}
