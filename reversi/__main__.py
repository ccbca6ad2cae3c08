from reversi.cli import main

raise SystemExit(main())
