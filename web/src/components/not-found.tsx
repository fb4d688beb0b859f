import { Link } from "@tanstack/react-router";
import { buttonClass } from "./ui/button";

export const NotFound = () => (
  <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
    <p className="text-6xl font-black text-brand-700 dark:text-brand-500" aria-hidden="true">
      404
    </p>
    <h1 className="text-2xl font-bold">Oops! Page not found</h1>
    <Link to="/home" className={buttonClass("primary")}>
      Return to Home
    </Link>
  </div>
);
