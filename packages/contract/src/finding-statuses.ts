/** The statuses of a finding (DECISIONS §12) and their TR/EN names: their own module, without imports, so the message
 *  catalog can name a status in a message (`{from|status}`) without an import cycle. */
export const FINDING_STATUSES = ['draft', 'confirmed', 'rejected', 'monitoring', 'repair_planned', 'repaired', 'verified'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_STATUS_LABELS: Record<FindingStatus, { tr: string; en: string }> = {
  draft: { tr: 'Taslak', en: 'Draft' },
  confirmed: { tr: 'Onaylandı', en: 'Confirmed' },
  rejected: { tr: 'Reddedildi', en: 'Rejected' },
  monitoring: { tr: 'İzlemede', en: 'Monitoring' },
  repair_planned: { tr: 'Onarım planlandı', en: 'Repair planned' },
  repaired: { tr: 'Onarıldı', en: 'Repaired' },
  verified: { tr: 'Doğrulandı', en: 'Verified' },
};
