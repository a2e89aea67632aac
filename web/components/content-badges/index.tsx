import { FormattedMessage } from 'react-intl';
import './content-badges.css';

type Flags = { restricted?: boolean; isAd?: boolean; isEditorial?: boolean; private?: boolean };

const BADGES = [
  {
    flag: 'restricted',
    className: 'badge-restricted',
    label: { id: 'media.badge.restricted', defaultMessage: 'Restricted' },
  },
  { flag: 'private', className: 'badge-restricted', label: { id: 'media.badge.private', defaultMessage: 'Private' } },
  { flag: 'isAd', className: 'badge-ad', label: { id: 'media.badge.ad', defaultMessage: 'Ad' } },
  {
    flag: 'isEditorial',
    className: 'badge-editorial',
    label: { id: 'media.badge.editorial', defaultMessage: 'Editorial' },
  },
] as const;

/** Small labels for restricted, private, advertising and editorial content; nothing when none applies. */
export default function ContentBadges(flags: Flags) {
  const shown = BADGES.filter((badge) => flags[badge.flag]);
  if (shown.length === 0) return null;
  return (
    <ul className="badges">
      {shown.map((badge) => (
        <li key={badge.flag} className={`badge ${badge.className}`}>
          <FormattedMessage {...badge.label} />
        </li>
      ))}
    </ul>
  );
}
