import { splitMessageLinks } from '@bazaar/common/message-safety';
import { Link } from 'react-router';

/**
 * A message's text as plain text (markup shows as typed); only addresses of this site become
 * links, opened in the app. Line breaks are kept by the caller's `whitespace-pre-wrap`.
 */
export function MessageText({ body }: { body: string }) {
  const origin = window.location.origin;
  return (
    <>
      {splitMessageLinks(body, origin).map((part, index) =>
        part.kind === 'link' ? (
          <Link
            key={index}
            to={part.href.slice(origin.length) || '/'}
            className="underline underline-offset-2"
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
