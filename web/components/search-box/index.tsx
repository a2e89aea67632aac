import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';

/** Header search field; the type-ahead list follows. Enter opens the results view. */
export default function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) navigate(`/search?q=${encodeURIComponent(text.trim())}`);
      }}
    >
      <input
        type="search"
        aria-label={intl.formatMessage({ id: 'search.label', defaultMessage: 'Search' })}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
