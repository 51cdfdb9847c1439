// sortablejs ships no types; SlickGrid only needs `Sortable.create` on the global object.
declare module 'sortablejs' {
  const Sortable: { create: (element: HTMLElement, options: object) => unknown };
  export default Sortable;
}
