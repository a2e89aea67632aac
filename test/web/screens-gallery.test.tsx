// The gallery's full-screen viewer: a modal dialog operated by keyboard.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Gallery from '#web/components/gallery';
import { clearFramingCache } from '#web/components/picture';
import { renderScreen } from './screens-render';
import { fakeApi, ok } from './fake-api';

const images = [
  {
    id: '0b7a1c2e-1111-4c3d-8e9f-000000000001',
    ordinal: 0,
    title: 'Harbour at dawn',
    href: '/api/files/g/harbour.jpg',
  },
  { id: '0b7a1c2e-1111-4c3d-8e9f-000000000002', ordinal: 1, title: 'Market hall', href: '/api/files/g/market.jpg' },
  { id: '0b7a1c2e-1111-4c3d-8e9f-000000000003', ordinal: 2, title: '', href: '/api/files/g/bridge.jpg' },
];

function renderGallery() {
  return renderScreen({
    path: '/g',
    routes: [{ path: '/g', element: <Gallery images={images} articleTitle="City walk" /> }],
  });
}

const viewerTitle = () => screen.getByRole('dialog').getAttribute('aria-labelledby');
const dialogLabel = () => document.getElementById(viewerTitle() ?? '')?.textContent;

describe('gallery viewer', () => {
  beforeEach(() => {
    clearFramingCache();
    fakeApi((call) => (call.path.startsWith('/imageOptions?') ? ok([]) : undefined));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens as a modal dialog at the chosen image with focus inside', async () => {
    renderGallery();
    const thumb = await screen.findByRole('button', { name: 'Open image 2 of 3: Market hall' });
    fireEvent.click(thumb);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialogLabel()).toBe('Image 2 of 3: Market hall');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/files/g/market.jpg');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('pages with the arrow keys and wraps around at both ends', async () => {
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: /Open image 2 of 3/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowRight' });
    expect(dialogLabel()).toBe('Image 3 of 3: City walk, image 3');
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowRight' });
    expect(dialogLabel()).toBe('Image 1 of 3: Harbour at dawn');
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowLeft' });
    expect(dialogLabel()).toBe('Image 3 of 3: City walk, image 3');
  });

  it('has Previous and Next buttons', async () => {
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: /Open image 1 of 3/ }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(dialogLabel()).toBe('Image 2 of 3: Market hall');
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(dialogLabel()).toBe('Image 3 of 3: City walk, image 3');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: /Open image 1 of 3/ }));
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button');
    const first = buttons[0]!;
    const last = buttons[buttons.length - 1]!;
    expect(document.activeElement).toBe(last); // Close comes last and has focus on open
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('pulls focus back when it escapes the dialog', async () => {
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: /Open image 1 of 3/ }));
    const outside = screen.getByRole('button', { name: /Open image 3 of 3/ });
    act(() => outside.focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('closes on Esc and gives focus to the thumbnail of the picture that was open', async () => {
    renderGallery();
    const thumb = await screen.findByRole('button', { name: /Open image 2 of 3/ });
    fireEvent.click(thumb);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Open image 3 of 3/ }));
  });

  it('closes with the Close button too', async () => {
    renderGallery();
    const thumb = await screen.findByRole('button', { name: /Open image 3 of 3/ });
    fireEvent.click(thumb);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumb);
  });
});
