import type { ComponentProps } from 'react';

/** A staff table that scrolls sideways in its own box on a narrow screen instead of widening the page. */
export function ModTable(props: Omit<ComponentProps<'table'>, 'className'>) {
  return (
    <div className="mod-table-scroll">
      <table className="mod-table" {...props} />
    </div>
  );
}
