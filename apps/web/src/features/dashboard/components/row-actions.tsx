/** The edit and delete buttons every dashboard table row carries. */
import { Pencil, Trash2 } from 'lucide-react';
import type { RowAction } from './data-table';

export function editAndDelete<T>(
  name: (row: T) => string,
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
): RowAction<T>[] {
  return [
    {
      label: (row) => `Edit ${name(row)}`,
      icon: <Pencil aria-hidden="true" className="size-4" />,
      onSelect: onEdit,
    },
    {
      label: (row) => `Delete ${name(row)}`,
      icon: <Trash2 aria-hidden="true" className="size-4 text-red-600" />,
      onSelect: onDelete,
    },
  ];
}
