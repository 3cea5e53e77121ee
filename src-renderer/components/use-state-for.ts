/**
 * State that belongs to one key: when the key changes, the state starts over from `initial`. It is
 * adjusted during render (React's pattern for state that depends on a prop), so no frame shows the
 * previous key's state and no effect runs a second render after the commit.
 *
 *   useStateFor(value, value)         // a form's draft of a value owned elsewhere (address, server)
 *   useStateFor(listKey, NONE)        // a selection that belongs to one list
 */
import { type Dispatch, type SetStateAction, useState } from 'react';

export function useStateFor<T>(key: unknown, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(initial);
  const [owner, setOwner] = useState(key);
  if (!Object.is(owner, key)) {
    setOwner(key);
    setState(initial);
    return [initial, setState];
  }
  return [state, setState];
}
