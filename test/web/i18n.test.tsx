// The catalogues: both locales hold the same keys (shell and screens), placeholders match, every
// message id the shell uses exists, and the language switch is remembered.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_KEY, loadMessages } from '#web/i18n';
import { MENU_ITEMS } from '#web/navigation';
import { findHeading, renderApp } from './shell-kit';
import { fakeApi } from './fake-api';

const i18n = path.resolve(import.meta.dirname, '../../web/i18n');
const read = (file: string) => JSON.parse(readFileSync(path.join(i18n, file), 'utf8')) as Record<string, string>;
const catalogues = {
  shell: { en: read('en-US.json'), de: read('de-DE.json') },
  screens: { en: read('screens.en-US.json'), de: read('screens.de-DE.json') },
  admin: { en: read('admin.en-US.json'), de: read('admin.de-DE.json') },
  workspace: { en: read('workspace.en-US.json'), de: read('workspace.de-DE.json') },
  account: { en: read('account.en-US.json'), de: read('account.de-DE.json') },
};

/** Argument names a message uses (so a translation cannot drop or rename a placeholder). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

afterEach(() => vi.unstubAllGlobals());

describe('catalogues', () => {
  it.each(Object.entries(catalogues))('%s: en-US and de-DE hold the same keys', (_name, { en, de }) => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.entries(catalogues))(
    '%s: every message parses and both locales use the same placeholders',
    (_name, { en, de }) => {
      for (const key of Object.keys(en)) {
        const a = [...argumentsOf(parse(en[key]!))].sort();
        const b = [...argumentsOf(parse(de[key] ?? ''))].sort();
        expect({ key, args: b }).toEqual({ key, args: a });
        expect(de[key]?.trim(), key).not.toBe('');
      }
    },
  );

  it('the shell, the screens and the two workspaces do not define the same key twice', () => {
    const own = [catalogues.screens.en, catalogues.admin.en, catalogues.workspace.en, catalogues.account.en];
    const shared = Object.keys(catalogues.shell.en).filter((k) => own.some((c) => k in c));
    expect(shared).toEqual([]);
    expect(
      Object.keys(catalogues.screens.en).filter((k) => k in catalogues.admin.en || k in catalogues.workspace.en),
    ).toEqual([]);
    expect(Object.keys(catalogues.admin.en).filter((k) => k in catalogues.workspace.en)).toEqual([]);
  });

  it('every message id the shell names in its code exists', () => {
    const web = path.resolve(import.meta.dirname, '../../web');
    const files = ['app.tsx', 'navigation.ts', 'components', 'session', 'routes'].flatMap(function walk(
      entry: string,
    ): string[] {
      const full = path.join(web, entry);
      if (statSync(full).isDirectory()) return readdirSync(full).flatMap((child) => walk(path.join(entry, child)));
      return /\.tsx?$/.test(entry) ? [full] : [];
    });
    const screens =
      /routes\/(home|article|channels|chan|category|search)\/|components\/(search-box|gallery|video-player|picture|news-card|content-badges|like-button|request-access|view-state)\//;
    const ids = new Set<string>();
    for (const file of files.filter((f) => !screens.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /\bid[=:]\s*\{?\s*['"]([\w.-]+)['"]|key:\s*'([\w.-]+)'|label\('([\w.-]+)'/g,
      )) {
        const id = m[1] ?? m[2] ?? m[3];
        if (id && !/^(main|user-filter)$/.test(id) && !/^(myso|about|imprint|ws)-/.test(id)) ids.add(id);
      }
    }
    // Menu item ids name menu entries, not messages; their labels are messages.
    for (const item of MENU_ITEMS) {
      ids.delete(item.id);
      ids.add(item.label);
    }
    expect(ids.size).toBeGreaterThan(50);
    // The workspaces' views load their own catalogues (admin, web/components/workspace/messages.tsx) over the shell's.
    const known = [
      catalogues.shell.en,
      catalogues.screens.en,
      catalogues.admin.en,
      catalogues.workspace.en,
      catalogues.account.en,
      // The screens' folders' own words (web/routes/<URL>/messages.json; test/web/route-messages.test.ts).
      read('routes.en-US.json'),
    ];
    const missing = [...ids].filter((id) => !known.some((c) => id in c));
    expect(missing).toEqual([]);
  });

  it('loads the German catalogue merged with the screens catalogue', async () => {
    const de = await loadMessages('de-DE');
    expect(de['login.submit']).toBe('Anmelden');
    for (const key of Object.keys(catalogues.screens.de)) expect(de[key]).toBe(catalogues.screens.de[key]);
  });
});

describe('language switch', () => {
  it('leads to the same page in German and remembers the choice for where / leads (decision 055)', async () => {
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await renderApp('/about');
    await findHeading('About SO Portal');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const select = screen.getByRole('combobox', { name: 'Language' });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'de-DE' } });
    });
    expect(assign).toHaveBeenCalledWith('/de/about');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('de-DE');
    expect(document.cookie).toContain('locale=de-DE');
    assign.mockRestore();
  });
});
