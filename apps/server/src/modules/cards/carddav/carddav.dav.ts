import { errorStatus } from '@lodestar/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { bookVersion, changesSince, renderCards, syncTokenOf, type RenderedCard } from './carddav.book.ts';
import { answer, askedOf, bookValues, cardPath, cardValues, paths, principalValues, propKeys, quotedEtag, resourceOf, rootValues, wants, type Asked, type Resource } from './carddav.props.ts';
import { authenticate, bookName, type BookOwner } from './carddav.service.ts';
import { BadXml, child, childrenOf, davError, goneResponse, multistatus, ns, parseXml, type XmlElement } from './carddav.xml.ts';
import { matchesFilter } from './carddav.query.ts';

/**
 * The CardDAV server (RFC 6352 on WebDAV, RFC 4918, with sync-collection, RFC 6578): read-only, HTTP Basic with an
 * app password. These routes speak XML, not the API's JSON envelope, so they are hidden from the OpenAPI document
 * (which describes JSON operations only) and answer their errors as plain text here.
 */
const readMethods = ['OPTIONS', 'GET', 'HEAD', 'PROPFIND', 'REPORT'];
const writeMethods = ['PUT', 'DELETE', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE'];
const otherMethods = ['POST', 'PATCH', 'LOCK', 'UNLOCK'];
const davMethods = ['PROPFIND', 'REPORT', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const allow = readMethods.join(', ');

export async function carddavProtocolRoutes(app: FastifyInstance): Promise<void> {
  for (const method of davMethods) if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  // Any body is read as text: clients send XML as text/xml, application/xml or with no type at all.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('dav', '1, 3, addressbook');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BadXml) return reply.code(400).type('text/plain; charset=utf-8').send(error.message);
    const status = error instanceof AppError ? errorStatus[error.code] : (error.statusCode ?? 500);
    if (status >= 500) request.log.error(error);
    return reply.code(status).type('text/plain; charset=utf-8').send(status >= 500 ? 'Internal error' : error.message);
  });

  // Service discovery (RFC 6764 §5): phones ask here first.
  app.route({ method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'], url: '/.well-known/carddav', schema: { hide: true }, exposeHeadRoute: false, handler: (_request, reply) => reply.redirect(paths.root, 301) });

  const handler = (request: FastifyRequest, reply: FastifyReply) => serve(app, request, reply);
  const options = { method: [...readMethods, ...writeMethods, ...otherMethods] as HTTPMethods[], schema: { hide: true }, exposeHeadRoute: false, handler } as const;
  app.route({ ...options, url: '/carddav' });
  app.route({ ...options, url: '/carddav/*' });
}

async function serve(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const resource = resourceOf(request.url);
  if (request.method === 'OPTIONS') return reply.code(200).header('allow', allow).send('');
  const auth = await authenticate(app.db, request.headers.authorization);
  if (!auth.ok && auth.reason === 'frozen') return reply.code(403).type('text/plain; charset=utf-8').send('This workspace is frozen');
  if (!auth.ok) return reply.code(401).header('www-authenticate', 'Basic realm="Lodestar CardDAV", charset="UTF-8"').type('text/plain; charset=utf-8').send('An app password is needed');
  if (!resource) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  if (writeMethods.includes(request.method)) return reply.code(403).type('application/xml; charset=utf-8').send(davError('<d:need-privileges/>'));
  const owner = auth.owner;
  const body = parseXml(typeof request.body === 'string' ? request.body : '');
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return getCard(app, request, reply, owner, resource);
    case 'PROPFIND':
      return sendMultistatus(reply, await propfind(app, owner, resource, body, depthOf(request)));
    case 'REPORT':
      return report(app, reply, owner, resource, body);
    default:
      return reply.code(405).header('allow', allow).send('');
  }
}

const depthOf = (request: FastifyRequest) => (request.headers.depth === '0' ? 0 : 1);

const sendMultistatus = (reply: FastifyReply, xml: string) => reply.code(207).type('application/xml; charset=utf-8').send(xml);

async function getCard(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, owner: BookOwner, resource: Resource) {
  if (resource.kind !== 'card') return reply.code(405).header('allow', 'OPTIONS, PROPFIND, REPORT').send('');
  const [card] = await renderCards(app.db, owner, [resource.id]);
  if (!card) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const etag = quotedEtag(card.etag);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.code(200).type('text/vcard; charset=utf-8').send(card.vcard);
}

async function propfind(app: FastifyInstance, owner: BookOwner, resource: Resource, body: XmlElement | undefined, depth: 0 | 1): Promise<string> {
  const asked = askedOf(body, { all: true });
  const book = () => bookAnswer(app, owner, asked);
  switch (resource.kind) {
    case 'root':
      return multistatus([answer(paths.root, rootValues(), asked), ...(depth === 1 ? [(await book()).xml] : [])]);
    case 'principal':
      return multistatus([answer(paths.principal, principalValues(owner.username), asked)]);
    case 'card': {
      const [card] = await renderCards(app.db, owner, [resource.id]);
      return card ? multistatus([answer(cardPath(card.id), cardValues(card), asked)]) : multistatus([goneResponse(cardPath(resource.id))]);
    }
    case 'book': {
      const { xml, cards } = await book();
      if (depth === 0) return multistatus([xml]);
      const cardsAsked = askedOf(body, { all: false, keys: [propKeys.getetag, propKeys.getcontenttype, propKeys.resourcetype] });
      return multistatus([xml, ...(await cardAnswers(app, owner, cards, cardsAsked))]);
    }
  }
}

/** The book's own response, and its cards' versions when they were read for it. */
async function bookAnswer(app: FastifyInstance, owner: BookOwner, asked: Asked): Promise<{ xml: string; cards: Record<string, string> | undefined }> {
  const needsVersion = wants(asked, propKeys.getctag) || wants(asked, propKeys.syncToken);
  const version = needsVersion ? await bookVersion(app.db, owner) : undefined;
  const syncToken = version && wants(asked, propKeys.syncToken) ? await syncTokenOf(app.db, owner, version) : undefined;
  const name = wants(asked, propKeys.displayname) ? await bookName(app.db, owner) : null;
  return { xml: answer(paths.book, bookValues({ name, ctag: version?.ctag, syncToken }), asked), cards: version?.cards };
}

/** Responses for cards (id → ETag): written only when their data is asked for, in one query. */
async function cardAnswers(app: FastifyInstance, owner: BookOwner, known: Record<string, string> | undefined, asked: Asked): Promise<string[]> {
  if (wants(asked, propKeys.addressData) && !asked.all) {
    return (await renderCards(app.db, owner, known ? Object.keys(known) : undefined)).map((card) => answer(cardPath(card.id), cardValues(card), asked));
  }
  const cards = known ?? (await bookVersion(app.db, owner)).cards;
  return Object.entries(cards).map(([id, etag]) => answer(cardPath(id), cardValues({ etag }), asked));
}

async function report(app: FastifyInstance, reply: FastifyReply, owner: BookOwner, resource: Resource, body: XmlElement | undefined) {
  const asked = askedOf(body, { all: false, keys: [propKeys.getetag] });
  const withData = wants(asked, propKeys.addressData);
  const unsupported = () => reply.code(403).type('application/xml; charset=utf-8').send(davError('<d:supported-report/>'));
  if (!body || (resource.kind !== 'book' && resource.kind !== 'root')) return unsupported();

  if (body.ns === ns.card && body.name === 'addressbook-multiget') {
    const wanted = childrenOf(body, ns.dav, 'href').map((h) => ({ path: h.text.trim(), resource: resourceOf(h.text.trim()) }));
    const ids = wanted.flatMap((w) => (w.resource?.kind === 'card' ? [w.resource.id] : []));
    const found = new Map<string, { etag: string; vcard?: string }>();
    if (withData) for (const card of await renderCards(app.db, owner, ids)) found.set(card.id, card);
    else for (const [id, etag] of Object.entries((await bookVersion(app.db, owner)).cards)) found.set(id, { etag });
    return sendMultistatus(
      reply,
      multistatus(
        wanted.map((w) => {
          const card = w.resource?.kind === 'card' ? found.get(w.resource.id) : undefined;
          return card && w.resource?.kind === 'card' ? answer(cardPath(w.resource.id), cardValues(card), asked) : goneResponse(w.path);
        }),
      ),
    );
  }

  if (body.ns === ns.card && body.name === 'addressbook-query') {
    const filter = child(body, ns.card, 'filter');
    const filtering = (filter?.children.length ?? 0) > 0;
    let cards: RenderedCard[] | { id: string; etag: string }[];
    if (withData || filtering) cards = (await renderCards(app.db, owner, undefined)).filter((card) => matchesFilter(card.vcard, filter));
    else cards = Object.entries((await bookVersion(app.db, owner)).cards).map(([id, etag]) => ({ id, etag }));
    const limit = Number(child(child(body, ns.card, 'limit'), ns.card, 'nresults')?.text ?? NaN);
    const shown = Number.isSafeInteger(limit) && limit > 0 ? cards.slice(0, limit) : cards;
    return sendMultistatus(reply, multistatus(shown.map((card) => answer(cardPath(card.id), cardValues(withData ? card : { etag: card.etag }), asked))));
  }

  if (body.ns === ns.dav && body.name === 'sync-collection') {
    const token = child(body, ns.dav, 'sync-token')?.text.trim() ?? '';
    const changes = await changesSince(app.db, owner, token);
    if (!changes) return reply.code(403).type('application/xml; charset=utf-8').send(davError('<d:valid-sync-token/>'));
    const changed = withData
      ? await renderCards(app.db, owner, changes.changed.map(([id]) => id))
      : changes.changed.map(([id, etag]) => ({ id, etag }));
    const responses = [...changed.map((card) => answer(cardPath(card.id), cardValues(card), asked)), ...changes.removed.map((id) => goneResponse(cardPath(id)))];
    return sendMultistatus(reply, multistatus(responses, `<d:sync-token>${changes.token}</d:sync-token>`));
  }
  return unsupported();
}
