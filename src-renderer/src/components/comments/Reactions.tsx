import { useState } from 'react';
import type { User } from '../../api/types';
import { hasReacted, type Reaction } from './comments-threads';

/** The reactions offered; any emoji the API received (from another client) is shown too. */
const CHOICES: Array<{ emoji: string; name: string }> = [
  { emoji: '👍', name: 'thumbs up' },
  { emoji: '❤️', name: 'heart' },
  { emoji: '🎉', name: 'party' },
  { emoji: '👀', name: 'eyes' },
  { emoji: '✅', name: 'check mark' },
  { emoji: '😄', name: 'smile' },
];

interface ReactionsProps {
  reactions: Reaction[];
  viewer?: User;
  /** The viewer may react (the comment role). */
  canReact: boolean;
  pending: boolean;
  onToggle(emoji: string, on: boolean): void;
}

const nameOf = (emoji: string) => CHOICES.find((c) => c.emoji === emoji)?.name ?? emoji;

/** Reactions as toggle buttons with counts (pressed: the viewer reacted), and a small picker for a new one. */
export function Reactions({ reactions, viewer, canReact, pending, onToggle }: ReactionsProps) {
  const [picking, setPicking] = useState(false);
  const enabled = canReact && viewer !== undefined;
  const reacted = (emoji: string) => {
    const reaction = reactions.find((r) => r.emoji === emoji);
    return reaction ? hasReacted(reaction, viewer?.id) : false;
  };

  return (
    <div className="reactions">
      {reactions.map((reaction) => {
        const mine = hasReacted(reaction, viewer?.id);
        const who = reaction.users.map((u) => u.user.displayName).join(', ');
        return (
          <button
            key={reaction.emoji}
            type="button"
            className={`reaction${mine ? ' reaction--mine' : ''}`}
            aria-pressed={mine}
            aria-label={`${nameOf(reaction.emoji)}: ${reaction.count}`}
            title={who}
            disabled={!enabled || pending}
            onClick={() => onToggle(reaction.emoji, !mine)}
          >
            <span aria-hidden="true">{reaction.emoji}</span> {reaction.count}
          </button>
        );
      })}
      {enabled && (
        <button
          type="button"
          className="reaction reaction--add"
          aria-expanded={picking}
          aria-label="Add a reaction"
          title="Add a reaction"
          onClick={() => setPicking(!picking)}
        >
          +
        </button>
      )}
      {enabled && picking && (
        <div className="reactions__picker" role="group" aria-label="Reactions">
          {CHOICES.map((choice) => (
            <button
              key={choice.emoji}
              type="button"
              className="reaction"
              aria-label={`React with ${choice.name}`}
              aria-pressed={reacted(choice.emoji)}
              disabled={pending}
              onClick={() => {
                setPicking(false);
                onToggle(choice.emoji, !reacted(choice.emoji));
              }}
            >
              <span aria-hidden="true">{choice.emoji}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
