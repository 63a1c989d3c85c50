/**
 * The web tests' matchers: jest-dom's (`toBeVisible`, `toHaveTextContent`, ...), which say what they
 * looked for and what the DOM held when they fail. A bare `getBy...` already throws when nothing
 * matches; the matcher states what the test means by "shown".
 */
import '@testing-library/jest-dom/vitest';
