import { Link } from 'react-router-dom';
import { UserIcon } from './Icons';

export function SignInPrompt({ title, text }: { title: string; text?: string }) {
  return (
    <div className="state container">
      <UserIcon size={44} className="state__icon" />
      <h1 className="state__title">{title}</h1>
      {text && <p className="state__text">{text}</p>}
      <Link to="/login" className="btn btn--primary">
        Sign In
      </Link>
    </div>
  );
}
