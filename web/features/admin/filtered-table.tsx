import { useState } from 'react';
import { AdminTable, DIRECTIONS, FilterSelect, type Column, type Direction } from './admin-table';
import { useAdminTable } from './use-admin-table';

interface Filter<V extends string> {
  /** The query parameter the server filters by. */
  param: string;
  label: string;
  options: readonly { value: V; label: string }[];
  initial: V;
}

/**
 * An admin table filtered by one select and, where `orderLabel` names the control, ordered newest
 * or oldest first: the questions, payments, reports and disputes tabs.
 */
export function FilteredTable<Row extends { id: string }, V extends string>({
  caption,
  columns,
  path,
  empty,
  filter,
  orderLabel,
}: {
  caption: string;
  columns: Column<Row>[];
  path: string;
  empty: string;
  filter: Filter<V>;
  orderLabel?: string;
}) {
  const [value, setValue] = useState<V>(filter.initial);
  const [direction, setDirection] = useState<Direction>('desc');
  const table = useAdminTable<Row>(
    path,
    orderLabel ? { [filter.param]: value, direction } : { [filter.param]: value },
  );
  return (
    <AdminTable
      caption={caption}
      columns={columns}
      table={table}
      empty={empty}
      filtersClassName={orderLabel ? undefined : 'sm:max-w-xs'}
      filters={
        <>
          <FilterSelect
            label={filter.label}
            value={value}
            options={filter.options}
            onChange={setValue}
          />
          {orderLabel && (
            <FilterSelect
              label={orderLabel}
              value={direction}
              options={DIRECTIONS}
              onChange={setDirection}
            />
          )}
        </>
      }
    />
  );
}
