import { describe, expect, it } from 'vitest';
import { attachmentLabel } from './export';
import { ClaimCreateRequest, ClaimUpdateRequest } from './insurance.schema';
import { CLAIM_STATUSES, eobDownloadable } from './insurance-options';

const claim = {
  claimNumber: 'C-1',
  provider: 'Clinic',
  serviceDate: '2026-01-02',
  submittedDate: '2026-01-03',
  amount: '10',
};
const id = '4f1c1a3e-8a6b-4c55-9d2e-7b0a1f2e3d4c';

describe('EOB and receipt attachments', () => {
  it('lets the EOB be downloaded only once a claim is decided (spec §8)', () => {
    expect(CLAIM_STATUSES.filter(eobDownloadable)).toEqual(['approved', 'paid', 'denied']);
  });

  it('takes a document id, treats empty as none, and null detaches', () => {
    expect(ClaimCreateRequest.parse({ ...claim, eobDocumentId: id }).eobDocumentId).toBe(id);
    expect(ClaimCreateRequest.parse({ ...claim, eobDocumentId: '' }).eobDocumentId).toBeNull();
    expect(ClaimUpdateRequest.parse({ eobDocumentId: null })).toEqual({ eobDocumentId: null });
    const bad = ClaimCreateRequest.safeParse({ ...claim, eobDocumentId: 'x' });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['eobDocumentId'],
      message: 'Choose one of your documents as the EOB',
    });
  });

  it('lists an attachment as title and file name in the export', () => {
    expect(attachmentLabel({ id, title: 'EOB March', fileName: 'eob.pdf' })).toBe('EOB March (eob.pdf)');
    expect(attachmentLabel({ id, title: 'eob.pdf', fileName: 'eob.pdf' })).toBe('eob.pdf');
    expect(attachmentLabel(null)).toBeNull();
  });
});
