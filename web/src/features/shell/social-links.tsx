import { SOCIAL_LINKS } from "../../lib/constants";

export const SocialLinks = ({ className = "" }: { className?: string }) => (
  <ul className={`flex items-center gap-3 ${className}`} aria-label="Pickstreak on social media">
    {SOCIAL_LINKS.map((link) => (
      <li key={link.label}>
        <a href={link.href} target="_blank" rel="noopener noreferrer" className="text-sm hover:underline">
          {link.label}
        </a>
      </li>
    ))}
  </ul>
);
