// A Mantine Menu made just after the page hydrates (see made-after-hydration.ts). Its target, clicked before then,
// opens the menu as soon as it is made.
import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { SWAPPED_ELEMENT, useMadeAfterHydration, type Swappable } from './made-after-hydration';

type Target = ReactElement<Swappable & { onClick?: () => void }>;

export function DeferredMenu({
  target,
  children,
  ...props
}: Omit<MenuProps, 'children' | 'defaultOpened'> & { target: Target; children: ReactNode }) {
  const { made, mark, makeNow } = useMadeAfterHydration();
  const [openWhenMade, setOpenWhenMade] = useState(false);
  if (!made) {
    const open = () => {
      setOpenWhenMade(true);
      makeNow();
    };
    return cloneElement(target, { [SWAPPED_ELEMENT]: mark, onClick: open });
  }
  return (
    <Menu {...props} defaultOpened={openWhenMade}>
      <Menu.Target>{cloneElement(target, { [SWAPPED_ELEMENT]: mark })}</Menu.Target>
      {children}
    </Menu>
  );
}
