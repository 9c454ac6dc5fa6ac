import { describe, expect, it } from 'vitest';
import { draftStatus, isEdited, truncateComment } from './truncate-comment.ts';

describe('truncateComment (spec §9)', () => {
  it('keeps a comment of exactly 100 characters whole', () => {
    expect(truncateComment('a'.repeat(100))).toEqual({ short: 'a'.repeat(100), truncated: false });
  });

  it('cuts one of 101 characters to 100 plus "..."', () => {
    const { short, truncated } = truncateComment(`${'b'.repeat(100)}c`);
    expect(truncated).toBe(true);
    expect(short).toBe(`${'b'.repeat(100)}...`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = '🌬️'.repeat(60);
    const { short } = truncateComment(text);
    expect(Array.from(short.replace(/\.\.\.$/, ''))).toHaveLength(100);
  });
});

describe('draftStatus', () => {
  it('refuses an empty or blank draft', () => {
    expect(draftStatus('').valid).toBe(false);
    expect(draftStatus('   \n ').valid).toBe(false);
  });
  it('accepts 1..500 trimmed characters and counts what was typed', () => {
    expect(draftStatus(' x ')).toMatchObject({ valid: true, length: 3 });
    expect(draftStatus('y'.repeat(500)).valid).toBe(true);
    expect(draftStatus('y'.repeat(501)).valid).toBe(false);
  });
});

describe('isEdited (spec §3)', () => {
  it('is true only when updated_at differs from created_at', () => {
    expect(isEdited({ created_at: '2025-01-01T10:00:00.000Z', updated_at: '2025-01-01T10:00:00.000Z' })).toBe(false);
    expect(isEdited({ created_at: '2025-01-01T10:00:00.000Z', updated_at: '2025-01-01T10:00:01.000Z' })).toBe(true);
  });
});
