// The article form's "Imported from" line (issue 30): the source's kind and id, and its old address as a link, from
// the article's `importedFrom` (GET /articles/{id} answers it to those who may edit it); nothing for an article no
// import wrote.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import workspaceDe from '#web/i18n/workspace.de-DE.json';
import workspaceEn from '#web/i18n/workspace.en-US.json';
import { ImportedFromLine } from '#web/routes/myaccount/articles/$item/imported-from';

const source = {
  kind: 'wordpress',
  site: 'https://old.example.com',
  sourceId: '42',
  url: 'https://old.example.com/2024/03/harbour',
  importId: 'e8a1c1f0-1b2c-4d5e-8f90-123456789abc',
  importedAt: '2026-11-27T10:00:00.000Z',
};

describe('the article form’s import source', () => {
  it('names the kind and the id and links the old address', () => {
    render(
      <IntlProvider locale="en-US" messages={workspaceEn}>
        <ImportedFromLine source={source} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('imported-from').textContent).toContain('Imported from WordPress (42)');
    expect(screen.getByRole('link', { name: source.url }).getAttribute('href')).toBe(source.url);
  });

  it('in German, and without a link where the source had no address (a Markdown ZIP)', () => {
    render(
      <IntlProvider locale="de-DE" messages={workspaceDe}>
        <ImportedFromLine source={{ ...source, kind: 'markdown', site: '', sourceId: 'posts/quay.md', url: null }} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('imported-from').textContent).toBe('Importiert aus Markdown (posts/quay.md)');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing for an article no import wrote', () => {
    const { container } = render(
      <IntlProvider locale="en-US" messages={workspaceEn}>
        <ImportedFromLine source={undefined} />
      </IntlProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
