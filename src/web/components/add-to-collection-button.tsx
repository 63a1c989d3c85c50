import { useState } from 'react';
import { Link } from 'react-router';
import { addItems, loadCollection } from '../lib/collection/collection-store';

/**
 * "Add to my collection" on a card's page: one copy of this card in the chosen grade, in one click,
 * kept in this browser only. Without a grade it asks for one (a value is per grade).
 */
export function AddToCollectionButton({ title, grade }: { title: string; grade: string }) {
  const [added, setAdded] = useState<string | null>(null);
  if (grade === '')
    return <p className="card-page__note">Pick a grade in the ladder to add this card to your collection.</p>;
  const add = async () => {
    await loadCollection();
    await addItems([{ title, grade, quantity: 1, cost: null, acquired: null, note: '' }]);
    setAdded(grade);
  };
  return (
    <div className="add-to-collection">
      <button type="button" className="button" onClick={() => void add()}>
        Add to my collection ({grade})
      </button>
      {added !== null ? (
        <span role="status">
          Added one in {added} to <Link to="/collection">my collection</Link>.
        </span>
      ) : null}
    </div>
  );
}
