import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * An identity provider the test runs itself: its own RSA key pair and self-signed certificate, reading the
 * AuthnRequests Folio redirects to it and answering with SAML Responses whose assertion it signs (exc-c14n,
 * rsa-sha256, enveloped signature on the Assertion's ID), as Okta, Entra ID or Keycloak would.
 */
export interface TestIdp {
  entityId: string;
  ssoURL: string;
  certificate: string;
  privateKey: string;
  /** The AuthnRequest carried by a redirect Folio answered its start URL with (HTTP-Redirect binding). */
  readRequest(location: string): AuthnRequest;
  /** A base64 SAMLResponse for the form Folio's ACS takes. */
  respond(options: ResponseOptions): string;
}

export interface AuthnRequest {
  id: string;
  issuer: string;
  acsURL: string;
  destination: string;
  relayState: string | null;
}

export interface ResponseOptions {
  inResponseTo?: string;
  email: string;
  /** The SP entity ID the assertion is for. */
  audience: string;
  acsURL: string;
  /** When the assertion starts and stops being valid (default: a minute ago, five minutes from now). */
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Sign with this other IdP's key instead (a forged assertion). */
  signWith?: Pick<TestIdp, 'privateKey' | 'certificate'>;
  /** Leave the assertion unsigned. */
  unsigned?: boolean;
  /** The assertion's Issuer (default: this IdP's entity ID). */
  issuer?: string;
  displayName?: string;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const newXmlId = () => `_${randomBytes(20).toString('hex')}`;

export async function createTestIdp(name = 'test-idp'): Promise<TestIdp> {
  const pems = await generate([{ name: 'commonName', value: `${name}.example.test` }], { keySize: 2048, algorithm: 'sha256' });
  const idp: TestIdp = {
    entityId: `https://${name}.example.test/metadata`,
    ssoURL: `https://${name}.example.test/sso`,
    certificate: pems.cert,
    privateKey: pems.private,
    readRequest: readAuthnRequest,
    respond: (options) => Buffer.from(responseXml(idp, options), 'utf8').toString('base64'),
  };
  return idp;
}

export function readAuthnRequest(location: string): AuthnRequest {
  const url = new URL(location);
  const encoded = url.searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${location}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attribute('ID'),
    acsURL: attribute('AssertionConsumerServiceURL'),
    destination: attribute('Destination'),
    issuer: /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState'),
  };
}

function responseXml(idp: TestIdp, o: ResponseOptions): string {
  const now = new Date();
  const notBefore = (o.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const issuer = escapeXml(o.issuer ?? idp.entityId);
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${escapeXml(o.inResponseTo)}"` : '';
  const assertionId = newXmlId();
  const email = escapeXml(o.email);
  const name = o.displayName
    ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(o.displayName)}</saml:AttributeValue></saml:Attribute>`
    : '';
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(o.acsURL)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newXmlId()}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${email}</saml:AttributeValue></saml:Attribute>${name}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newXmlId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(o.acsURL)}"${inResponseTo}>` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  return o.unsigned ? response : signAssertion(response, o.signWith ?? idp);
}

/** Signs the Assertion in place (enveloped), the signature right after its Issuer as the SAML schema orders it. */
export function signAssertion(xml: string, key: Pick<TestIdp, 'privateKey' | 'certificate'>): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/** The response with every occurrence of one text replaced after signing: what an attacker editing it in transit sends. */
export function tamper(samlResponse: string, from: string, to: string): string {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  if (!xml.includes(from)) throw new Error(`"${from}" is not in the response`);
  return Buffer.from(xml.split(from).join(to), 'utf8').toString('base64');
}

/**
 * The IdP as a web server on 127.0.0.1, for a browser to visit: its SSO URL reads the AuthnRequest and answers
 * with the auto-submitted form real IdPs send to the ACS, signed in as whoever `person()` names at that moment.
 */
export async function serveTestIdp(idp: TestIdp, person: () => { email: string; displayName?: string }): Promise<{ ssoURL: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const location = `http://${req.headers.host}${req.url}`;
    // Anything else a browser asks for (its favicon): nothing here.
    if (!new URL(location).searchParams.has('SAMLRequest')) return void res.writeHead(204).end();
    const request = idp.readRequest(location);
    const response = idp.respond({ ...person(), inResponseTo: request.id, audience: request.issuer, acsURL: request.acsURL });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><title>Test IdP</title><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(request.acsURL)}">` +
        `<input type="hidden" name="SAMLResponse" value="${response}"><noscript><button>Continue</button></noscript></form></body>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ssoURL: `http://127.0.0.1:${port}/sso`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
