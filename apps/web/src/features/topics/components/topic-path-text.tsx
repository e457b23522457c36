import { Fragment } from 'react';

/** A topic path that wraps at its `/` separators on a narrow screen rather than inside a segment. */
export function TopicPathText({ path }: { path: string }) {
  const segments = path.split('/');
  return (
    <>
      {segments.map((segment, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {segment}
        </Fragment>
      ))}
    </>
  );
}
