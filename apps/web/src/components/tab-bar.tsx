import type { SxProps, Theme } from '@mui/material';
import { Box, ButtonBase } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';

export interface TabBarItem<K extends string> {
  key: K;
  label: string;
  /** A tab that is a page of its own: a link to it. Without `to`, a button that calls `onSelect`. */
  to?: string;
  id?: string;
  /** The id of the panel the tab shows, when the tab bar has one. */
  controls?: string;
}

interface TabBarProps<K extends string> {
  /** The tab list's name. */
  label: string;
  items: readonly TabBarItem<K>[];
  selected: K;
  onSelect?: (key: K) => void;
  /** The tabs share the width (MUI's `variant="fullWidth"`). */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * A row of tabs with the look and the keyboard of MUI's Tabs (Tab reaches the selected tab, the
 * arrows, Home and End move along, Enter or Space opens one), for a few tabs that fit the screen.
 * The selected tab is underlined by its own style: MUI's Tabs measure every tab after they render to
 * place a sliding indicator, which forces the browser to lay out the whole page a second time while
 * it loads (docs/performance.md, "Tabs without measuring").
 */
export function TabBar<K extends string>({ label, items, selected, onSelect, fullWidth, sx }: TabBarProps<K>) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={[{ display: 'flex', minHeight: 48, overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {items.map((item) => {
        const isSelected = item.key === selected;
        const link = item.to === undefined ? {} : { component: RouterLink, to: item.to };
        return (
          <ButtonBase
            key={item.key}
            {...link}
            role="tab"
            id={item.id}
            aria-selected={isSelected}
            aria-controls={item.controls}
            tabIndex={isSelected ? 0 : -1}
            focusRipple
            onClick={onSelect ? () => onSelect(item.key) : undefined}
            sx={{
              typography: 'button',
              position: 'relative',
              flexShrink: 0,
              minWidth: 90,
              maxWidth: fullWidth ? 'none' : 360,
              flex: fullWidth ? '1 1 0' : undefined,
              minHeight: 48,
              px: 2,
              py: 1.5,
              lineHeight: 1.25,
              textAlign: 'center',
              color: isSelected ? 'primary.main' : 'text.secondary',
              '&::after': isSelected
                ? {
                    content: '""',
                    position: 'absolute',
                    left: 0,
                    right: 0,
                    bottom: 0,
                    height: 2,
                    bgcolor: 'primary.main',
                  }
                : undefined,
            }}
          >
            {item.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
