import { Fragment } from 'react';
import type { SearchGroup, SearchOption } from './search-store';

interface SearchResultsProps {
  id: string;
  groups: SearchGroup[];
  options: SearchOption[];
  activeIndex: number;
  optionId(index: number): string;
  onHover(index: number): void;
  onChoose(index: number): void;
}

/**
 * The results as a listbox the combobox controls: a group per space, the page's title above its sections.
 * Options are not focusable; the input keeps focus and points at the active one (aria-activedescendant).
 */
export function SearchResults({ id, groups, options, activeIndex, optionId, onHover, onChoose }: SearchResultsProps) {
  return (
    <div id={id} className="palette__results" role="listbox" aria-label="Results">
      {groups.map((group) => (
        <div key={group.spaceId} className="palette__space" role="group" aria-label={group.spaceTitle || 'Untitled space'}>
          <div className="palette__space-title" role="presentation">
            {group.spaceTitle || 'Untitled space'}
          </div>
          {group.pages.map((page) => (
            <Fragment key={page.pageId}>
              <div className="palette__page-title" role="presentation">
                {page.pageTitle || 'Untitled page'}
              </div>
              {page.options.map((index) => {
                const option = options[index]!;
                const isPage = option.anchor === undefined;
                const pageTitle = option.pageTitle || 'Untitled page';
                const title = isPage ? pageTitle : option.title;
                // Read as "On Linux, in Install, Guides", the excerpt as its description.
                const label = `${title}${isPage ? '' : `, in ${pageTitle}`}, ${option.spaceTitle || 'Untitled space'}`;
                return (
                  <div
                    key={option.key}
                    id={optionId(index)}
                    className={`palette__option${index === activeIndex ? ' palette__option--active' : ''}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    aria-label={label}
                    aria-describedby={option.excerpt ? `${optionId(index)}-excerpt` : undefined}
                    onMouseMove={() => index !== activeIndex && onHover(index)}
                    // mousedown, not click: the input must not lose focus before the choice is made.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      onChoose(index);
                    }}
                  >
                    <span className="palette__option-title">{title}</span>
                    {option.excerpt && (
                      <span id={`${optionId(index)}-excerpt`} className="palette__excerpt">
                        {option.excerpt}
                      </span>
                    )}
                  </div>
                );
              })}
            </Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}
