// @vitest-environment jsdom
/**
 * The server's field errors shown in the user's language: a broken bound or a missing value becomes react-admin's own
 * rule (with its number), a catalogue message its key, under the field the server names.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, ValidationError } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messagesEn from '../../src/admin/i18n/messages.en';
import messagesZh from '../../src/admin/i18n/messages.zh';
import { api } from '../../src/admin/providers/http';
import {
  atLeast,
  atMost,
  atMostItems,
  lengthAtLeast,
  lengthBetween,
  Messages,
  REQUIRED,
} from '../../src/shared/messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The field errors of a refusal, as the admin's HTTP layer hands them to a form. */
async function refused(errors: Record<string, string>): Promise<Record<string, string>> {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ code: 404, message: `${Messages.validationFailed}: x`, data: { errors } })),
  );
  const error = (await api('/product/update/1', { method: 'POST', json: {} }).catch((e: unknown) => e)) as {
    body: { errors: Record<string, string> };
  };
  return error.body.errors;
}

const shown = (error: string, lang: 'en' | 'zh') => {
  const messages = { en: messagesEn, zh: messagesZh };
  const i18n = polyglotI18nProvider((l) => messages[l as 'en' | 'zh'] as any, lang, { allowMissing: true });
  render(
    <AdminContext i18nProvider={i18n} store={memoryStore()}>
      <p data-testid="error">
        <ValidationError error={error} />
      </p>
    </AdminContext>,
  );
  const text = screen.getByTestId('error').textContent;
  cleanup();
  return text;
};

describe("the server's field errors", () => {
  it('show in the user’s language, with their numbers', async () => {
    const errors = await refused({
      'productLadderList[0].count': 'must be >= 1',
      'productLadderList[0].discount': 'must be <= 10',
      name: 'is required',
      memberId: Messages.doesNotExist,
      note: 'has an invalid format',
      username: 'Length must be between 2 and 64 characters',
    });
    expect(Object.keys(errors)).toHaveLength(6);
    expect(shown(errors['productLadderList[0].count']!, 'en')).toBe('Must be at least 1');
    expect(shown(errors['productLadderList[0].discount']!, 'en')).toBe('Must be 10 or less');
    expect(shown(errors.name!, 'en')).toBe('Required');
    expect(shown(errors.memberId!, 'en')).toBe(Messages.doesNotExist);
    expect(shown(errors.note!, 'en')).toBe('has an invalid format'); // as sent: no rule of the admin's says it
    expect(shown(errors.username!, 'en')).toBe('Length must be between 2 and 64 characters');
    expect(shown(errors.username!, 'zh')).toBe('长度必须在 2 到 64 个字符之间');
    for (const field of ['productLadderList[0].count', 'productLadderList[0].discount', 'name', 'memberId'])
      expect(shown(errors[field]!, 'zh'), field).not.toMatch(/[A-Za-z]{2,}/);
    expect(shown(errors['productLadderList[0].count']!, 'zh')).toContain('1');
  });

  it('are read from the words the server writes them in (one source)', async () => {
    const errors = await refused({
      a: atLeast(0.01),
      b: atMost(-5),
      c: REQUIRED,
      d: lengthAtLeast(8),
      e: lengthBetween(2, 140),
      f: atMostItems(3),
    });
    expect(shown(errors.a!, 'zh')).toContain('0.01');
    expect(shown(errors.b!, 'zh')).toContain('-5');
    expect(shown(errors.d!, 'zh')).toContain('8');
    expect(shown(errors.e!, 'zh')).toContain('140');
    expect(shown(errors.f!, 'en')).toBe('At most 3 items may be added');
    expect(shown(errors.f!, 'zh')).toBe('最多只能添加 3 项');
    for (const field of 'abcdef') expect(shown(errors[field]!, 'zh'), field).not.toMatch(/[A-Za-z]{2,}/);
  });
});
