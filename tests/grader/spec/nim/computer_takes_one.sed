# The computer always takes 1 stone: playGameAI's "total divisible by 3: take 2" is
# lost. Its output differs wherever the computer faces a pile divisible by 3.
/^computer_turn:$/,/^ct_take:$/{
/^        li      \$s1, 2$/d
}
