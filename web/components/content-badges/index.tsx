import { FormattedMessage } from 'react-intl';
import './content-badges.css';

type Flags = { restricted?: boolean; isAd?: boolean; isEditorial?: boolean; private?: boolean };

/** Small labels for restricted, private, advertising and editorial content; nothing when none applies. */
export default function ContentBadges({ restricted, isAd, isEditorial, private: isPrivate }: Flags) {
  if (!restricted && !isAd && !isEditorial && !isPrivate) return null;
  return (
    <ul className="badges">
      {restricted && (
        <li className="badge badge-restricted">
          <FormattedMessage id="media.badge.restricted" defaultMessage="Restricted" />
        </li>
      )}
      {isPrivate && (
        <li className="badge badge-restricted">
          <FormattedMessage id="media.badge.private" defaultMessage="Private" />
        </li>
      )}
      {isAd && (
        <li className="badge badge-ad">
          <FormattedMessage id="media.badge.ad" defaultMessage="Ad" />
        </li>
      )}
      {isEditorial && (
        <li className="badge badge-editorial">
          <FormattedMessage id="media.badge.editorial" defaultMessage="Editorial" />
        </li>
      )}
    </ul>
  );
}
