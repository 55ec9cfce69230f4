# Move efficiency (seed 003, 「パターンと効率」): the value of a move is
# multiplied by the `eff` of every pattern that matches around it — above 1
# for urgent moves and good shape, below 1 for bad shape.
#
# Rules of this file (checked when it is loaded):
#   - the anchor is `*`, the move (an empty point);
#   - every cell that says something (anything but `?`) lies within two lines
#     of the move (seed 003: 領域は2間の範囲);
#   - `eff:` is a positive number; `note:` is free text; no other attribute.
# Patterns are drawn for the player making the move (`X` own, `O` opponent)
# and matched in all eight orientations. A pattern that matches in several
# orientations counts once.

# --- urgent moves and good shape -------------------------------------------

pattern cut
  eff: 1.5
  note: separate two diagonal opponent stones
  X O
  O *

pattern connect-against-cut
  eff: 1.3
  note: join two own stones an opponent stone threatens to cut
  ? O ?
  X * X

pattern hane-at-the-head-of-two
  eff: 1.4
  . * .
  . O X
  . O X

pattern extend-from-attachment
  eff: 1.1
  note: stand up from an own stone the opponent has attached to
  ? * ?
  ? X ?
  ? O ?

# --- bad shape -------------------------------------------------------------

pattern empty-triangle
  eff: 0.7
  note: three own stones in an L around an empty point, the move at an end
  X .
  X *

pattern empty-triangle-at-the-elbow
  eff: 0.7
  note: the same shape, the move at the corner of the L
  * X
  X .

pattern dumpling
  eff: 0.5
  note: a solid 2x2 block of own stones
  X X
  X *

pattern fill-own-eye
  eff: 0.1
  ? X ?
  X * X
  ? X ?

pattern fill-own-eye-on-the-edge
  eff: 0.1
  - - -
  X * X
  ? X ?

pattern fill-own-eye-in-the-corner
  eff: 0.1
  + - -
  | * X
  | X ?
