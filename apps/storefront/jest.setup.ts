import { configure } from '@testing-library/react';
import '@testing-library/jest-dom';

// Pages render through data routers, whose updates are transitions (rendered in slices): on a loaded
// machine a page of fifty cards can take longer than the default second to appear.
configure({ asyncUtilTimeout: 5000 });
