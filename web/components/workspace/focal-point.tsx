// The focal point and scale of a picture (its image options, saved through /imageOptions): where the crop
// centres and how far it zooms wherever the public screens show the picture smaller than it is
// (web/components/picture crops with object-position and scale). Click the picture or use the sliders.
import { useEffect, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { saveImageOption } from '#web/api/imageOptions-edit';
import { blobKeyOf, clearFramingCache, framingOf } from '../picture';
import { useNotify } from '../notifications';
import { errorText } from '../error-text';
import { BusyButton } from '#web/components/screen-kit/busy-button';

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function FocalPointPicker({ href, name }: { href: string; name: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const [x, setX] = useState(50);
  const [y, setY] = useState(50);
  const [scale, setScale] = useState(1);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void framingOf(href).then((f) => {
      if (!live) return;
      const [fx, fy] = f.position.split(' ').map((p) => Number.parseFloat(p));
      setX(clamp(fx ?? 50));
      setY(clamp(fy ?? 50));
      setScale(f.scale);
    });
    return () => {
      live = false;
    };
  }, [href]);

  const pick = (e: MouseEvent<HTMLImageElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setX(clamp(((e.clientX - box.left) / box.width) * 100));
    setY(clamp(((e.clientY - box.top) / box.height) * 100));
  };
  const position = `${x}% ${y}%`;

  async function save() {
    const key = blobKeyOf(href);
    if (!key) return;
    setBusy(true);
    try {
      await saveImageOption(key, position, scale);
      clearFramingCache();
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.focus.saved' }, { name }) });
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    } finally {
      setBusy(false);
    }
  }

  const crop = {
    objectFit: 'cover' as const,
    objectPosition: position,
    transform: scale !== 1 ? `scale(${scale})` : undefined,
    transformOrigin: position,
  };
  return (
    <div className="ws-focus">
      <div className="ws-focus-source">
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a pointer shortcut: the sliders beside it set the same point by keyboard and screen reader */}
        <img src={href} alt={intl.formatMessage({ id: 'ws.focus.source' }, { name })} onClick={pick} />
        <span className="ws-focus-marker" style={{ left: `${x}%`, top: `${y}%` }} aria-hidden="true" />
      </div>
      <div className="ws-focus-controls">
        <label>
          {intl.formatMessage({ id: 'ws.focus.x' })}
          <input
            type="range"
            min={0}
            max={100}
            value={x}
            onChange={(e) => setX(Number(e.currentTarget.value))}
            aria-valuetext={`${x}%`}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'ws.focus.y' })}
          <input
            type="range"
            min={0}
            max={100}
            value={y}
            onChange={(e) => setY(Number(e.currentTarget.value))}
            aria-valuetext={`${y}%`}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'ws.focus.scale' })}
          <input
            type="range"
            min={1}
            max={3}
            step={0.1}
            value={scale}
            onChange={(e) => setScale(Number(e.currentTarget.value))}
            aria-valuetext={`${scale.toFixed(1)}×`}
          />
        </label>
        <div className="ws-focus-previews" aria-label={intl.formatMessage({ id: 'ws.focus.previews' })} role="group">
          <span className="ws-focus-preview ws-focus-wide">
            <img src={href} alt="" style={crop} />
          </span>
          <span className="ws-focus-preview ws-focus-square">
            <img src={href} alt="" style={crop} />
          </span>
        </div>
        <BusyButton className="button button-small" busy={busy} onClick={save}>
          {intl.formatMessage({ id: 'ws.focus.save' })}
        </BusyButton>
      </div>
    </div>
  );
}
