import { Readable } from 'node:stream';
import {
  PACKET_LINK_DAYS,
  type PacketCreatedResponse,
  PacketCreateRequest,
  type PacketListResponse,
  type PacketResponse,
  SHL_PACKET_CONTENT_TYPE,
} from '@healthfolio/core/packets/packet.schema';
import { encodeShlink } from '@healthfolio/core/packets/shlink';
import type { Database } from '../../db/database';
import { notFound } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/audit.service';
import { hashShareToken, newShareToken } from '../sharing/share-token';
import { encryptShlFile, hashPasscode, newPasscode, newShlKey } from './packet-crypto';
import { gatherPacketData } from './packet-data';
import { renderPacketPdf } from './packet-pdf';
import { presentPacket } from './packets.presenter';
import { deletePacketRow, insertPacket, revokePacketRow, selectPackets } from './packets.repository';

const DAY_MS = 86_400_000;
export const PACKET_NOT_FOUND = 'Packet not found';
export const SHL_LABEL = 'Healthfolio pre-visit summary';

/** The SHL manifest address of a packet (the payload's `url`). */
export const manifestUrl = (appUrl: string, manifestId: string) => `${appUrl}/api/shl/${manifestId}`;

/**
 * The packet's one SHL file: a FHIR R4 DocumentReference carrying the PDF, the form SHL-aware
 * clinic apps read (the SHL content types are SMART Health Cards, FHIR and API access).
 */
const documentReference = (pdf: Uint8Array, ownerName: string, days: number, at: Date) => ({
  resourceType: 'DocumentReference',
  status: 'current',
  type: { coding: [{ system: 'http://loinc.org', code: '60591-5', display: 'Patient summary Document' }] },
  subject: { display: ownerName },
  date: at.toISOString(),
  description: `Pre-visit summary, last ${days} days`,
  content: [
    {
      attachment: {
        contentType: 'application/pdf',
        title: 'Pre-visit summary.pdf',
        creation: at.toISOString(),
        data: Buffer.from(pdf).toString('base64'),
      },
    },
  ],
});

/**
 * Builds the PDF from the owner's data, encrypts it as a JWE under a fresh link key, stores only the
 * JWE, and answers the link and the passcode this one time (neither can be read back later).
 */
export const createPacket = async (
  db: Database,
  storage: FileStorage,
  appUrl: string,
  userId: string,
  input: PacketCreateRequest,
): Promise<PacketCreatedResponse> => {
  const req = PacketCreateRequest.parse(input);
  const data = await gatherPacketData(db, userId, req);
  const pdf = await renderPacketPdf(data);
  const key = newShlKey();
  const manifestId = newShareToken();
  const passcode = newPasscode();
  const body = new TextEncoder().encode(
    JSON.stringify(documentReference(pdf, data.ownerName, req.days, data.to)),
  );
  const jwe = await encryptShlFile(body, key, SHL_PACKET_CONTENT_TYPE);
  const stored = await storage.put(Readable.from([Buffer.from(jwe, 'utf8')]));
  const expiresAt = new Date(Date.now() + PACKET_LINK_DAYS * DAY_MS);
  let row: Awaited<ReturnType<typeof insertPacket>>;
  try {
    row = await db.asUser(userId, async (tx) => {
      const inserted = await insertPacket(tx, {
        userId,
        windowDays: req.days,
        categories: req.categories,
        questions: req.questions,
        manifestHash: hashShareToken(manifestId),
        passcodeHash: await hashPasscode(passcode),
        storageId: stored.id,
        expiresAt,
      });
      await recordAudit(tx, userId, 'create', 'visit_packet', inserted.id, {
        days: req.days,
        categories: req.categories,
        questions: req.questions.length,
      });
      return inserted;
    });
  } catch (err) {
    await storage.delete(stored.id).catch(() => undefined);
    throw err;
  }
  const link = encodeShlink(
    {
      url: manifestUrl(appUrl, manifestId),
      key,
      exp: Math.floor(expiresAt.getTime() / 1000),
      flag: 'P',
      label: SHL_LABEL,
      v: 1,
    },
    `${appUrl}/shl`,
  );
  return { packet: presentPacket(row), link, passcode };
};

export const listPackets = (db: Database, userId: string): Promise<PacketListResponse> =>
  db.readAsUser(userId, async (tx) => {
    const now = new Date();
    return { items: (await selectPackets(tx, userId)).map((r) => presentPacket(r, now)) };
  });

/** Revoked on the next request; the stored JWE goes too (without the key it was unreadable anyway). */
export const revokePacket = async (
  db: Database,
  storage: FileStorage,
  userId: string,
  id: string,
): Promise<PacketResponse> => {
  const row = await db.asUser(userId, async (tx) => {
    const revoked = await revokePacketRow(tx, userId, id);
    if (!revoked) throw notFound(PACKET_NOT_FOUND);
    await recordAudit(tx, userId, 'revoke', 'visit_packet', id);
    return revoked;
  });
  await storage.delete(row.storageId).catch(() => undefined);
  return presentPacket(row);
};

/** Gone from the list for good; its link (if still live) stops working, and its stored file goes too. */
export const deletePacket = async (db: Database, storage: FileStorage, userId: string, id: string) => {
  const row = await db.asUser(userId, async (tx) => {
    const deleted = await deletePacketRow(tx, userId, id);
    if (!deleted) throw notFound(PACKET_NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'visit_packet', id);
    return deleted;
  });
  await storage.delete(row.storageId).catch(() => undefined);
};
